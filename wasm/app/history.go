package app

// MaxHistory is the number of command lines the console remembers.
const MaxHistory = 1000

// History is the console's command history, browsed with the Up and Down
// arrows as a shell does: Prev walks to older lines, Next to newer ones
// and finally back to the line being typed, which is kept while browsing.
type History struct {
	lines []string
	pos   int    // index into lines while browsing; len(lines) = the draft
	draft string // what was typed before browsing started
}

// Add appends a command line (not blank, not a repeat of the last one)
// and stops browsing.
func (h *History) Add(line string) {
	if line != "" && (len(h.lines) == 0 || h.lines[len(h.lines)-1] != line) {
		h.lines = append(h.lines, line)
		if len(h.lines) > MaxHistory {
			h.lines = append(h.lines[:0], h.lines[len(h.lines)-MaxHistory:]...)
		}
	}
	h.pos, h.draft = len(h.lines), ""
}

// Len returns the number of remembered lines.
func (h *History) Len() int { return len(h.lines) }

// Prev returns the line before the one shown; cur is what the input holds
// now (remembered as the draft when browsing starts). At the oldest line
// it stays there.
func (h *History) Prev(cur string) string {
	if h.pos >= len(h.lines) {
		h.pos, h.draft = len(h.lines), cur
	}
	if h.pos > 0 {
		h.pos--
	}
	if len(h.lines) == 0 {
		return cur
	}
	return h.lines[h.pos]
}

// Next returns the line after the one shown, or the draft past the newest.
func (h *History) Next(cur string) string {
	if h.pos >= len(h.lines) {
		return cur
	}
	h.pos++
	if h.pos == len(h.lines) {
		return h.draft
	}
	return h.lines[h.pos]
}
