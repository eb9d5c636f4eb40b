package scene

// The page's palette (GitHub dark), the colours wasm/game draws with.
var (
	ColBG       = Hex(0x0d1117) // page background
	ColPanel    = Hex(0x161b22) // panel header and status line
	ColBorder   = Hex(0x30363d) // panel and view outlines
	ColGrid     = Hex(0x1b222c) // prefix-length grid lines
	ColText     = Hex(0xe6edf3) // primary text
	ColDim      = Hex(0x8b949e) // secondary text
	ColLabel    = Hex(0xb1bac4) // trie labels
	ColEdge     = Hex(0x3b5070) // trie edges
	ColSummary  = Hex(0x388bfd) // collapsed subtrees
	ColRTInfo   = Hex(0x79c0ff) // nodes owning routes (RTN_RTINFO)
	ColInner    = Hex(0x57606a) // intermediate nodes
	ColWalk     = Hex(0xffa657) // trie walk: before 2023
	ColList     = Hex(0xd2a8ff) // GC list walk: after 2023
	ColCursor   = Hex(0xffd33d) // the node a walk stands on
	ColExpiring = Hex(0x56d364) // nodes holding expiring routes
	ColRemoved  = Hex(0xf85149) // routes removed by the pass
	ColKept     = Hex(0x3fb950) // GC list entry kept
	ColExpired  = Hex(0xd29922) // GC list entry expired
	ColError    = Hex(0xff7b72) // error text
)
