package iproute2

import (
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/ftrace"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// A record (ip6sim record) is what a machine's kernel did for some
// seconds: its table at the start (a dump) and then, in time order, its
// route changes (the lines `ip -6 monitor route` printed), the table
// lookups it made (fib6:fib6_table_lookup) and its GC timer events
// (timer:timer_start and timer:timer_expire_entry of fib6_gc_timer_cb),
// all timed on one clock, the trace clock (CLOCK_MONOTONIC). Its text:
//
//	# fib6lab record 1
//	KEY VALUE       header: start (required), begin, seconds, netns, lookups, timers, kernel, dropped
//	[dump]
//	... ip -6 route show table all, ip -6 addr show, sysctl net.ipv6.route (see Dump)
//	[events]
//	SECONDS.MICROS route [Deleted ]ROUTE           a line of `ip -6 monitor route`
//	SECONDS.MICROS lookup PID table N oif ... ==> dev D gw G err E
//	SECONDS.MICROS timer EVENT FIELDS              timer_start, timer_expire_entry, timer_cancel
//
// `start` is the trace clock when the dump had been taken: time 0 of the
// replay; `begin`, when it was started. Events from begin on are listed
// (those before start, made while the dump was taken, are replayed at
// time 0). Lines starting with '#' are comments.

// RecordMagic is the first line of a record, with its format version.
const RecordMagic = "# fib6lab record 1"

// Limits of a record: MaxRecordEvents event lines at most, over at most
// MaxRecordSeconds after its start (ip6sim record records a day at
// most); the dump section has the limits of a dump (MaxDumpLines) and
// the whole text MaxDumpBytes.
const (
	MaxRecordEvents  = 2_000_000
	MaxRecordSeconds = 24 * 3600
)

// EventKind is what an event of a record is about.
type EventKind uint8

// Kinds of record events.
const (
	EventRoute  EventKind = iota // a route added or deleted (`ip -6 monitor route`)
	EventLookup                  // a lookup: the fib6_table_lookup lines of one flow, one per table tried
	EventTimer                   // the GC timer armed, cancelled or fired
)

// RecordEvent is one step of a record: at At microseconds after its
// start, the command that replays it in the model (`ip -6 route prepend`
// or `del` for a route change, `ip -6 route get` for a lookup; "" for a
// timer event, which the model's own GC timer replays, and for a lookup
// through a device the dump does not name) and, for a lookup, the
// kernel's answers, one per table tried ("table 254 ==> dev eth0 gw ::
// err 0"). Line is the record line it came from, Text that line's event
// text (for a lookup, its first line).
type RecordEvent struct {
	At      int64
	Line    int
	Kind    EventKind
	Text    string
	Command string
	Kernel  []string
	Delete  bool // a route change that deleted the route
	pid     int
	flow    string
}

// Record is a parsed record: its header values, its dump and its events.
type Record struct {
	Header map[string]string
	Dump   *Dump
	Events []RecordEvent
	start  int64 // microseconds of the trace clock
}

// recordKeys are the header keys a record may hold.
var recordKeys = map[string]bool{"start": true, "begin": true, "seconds": true, "netns": true, "lookups": true, "kernel": true, "dropped": true, "timers": true}

// IsRecord reports whether text is a record (it starts with RecordMagic)
// rather than a dump.
func IsRecord(text string) bool { return strings.HasPrefix(text, RecordMagic) }

// recordParser holds ParseRecord's state between lines.
type recordParser struct {
	r       *Record
	dp      dumpParser // reads the route lines of events
	n       int
	text    string
	section string
	dump    strings.Builder
	dumpAt  int // line before the dump section's first
	last    int64
	open    map[int]int // the lookup still taking lines (index in Events), by pid
}

// ParseRecord parses a record's text. Errors are a *DumpError (Kind
// "record") naming the first line that is not what a record holds there:
// another format, an unknown section or header key, a line cut short,
// events out of time order, more than the limits; its dump's errors name
// the record's line too. Nothing is kept of a record with an error.
func ParseRecord(text string) (*Record, error) {
	if len(text) > MaxDumpBytes {
		return nil, &DumpError{Kind: "record", Msg: fmt.Sprintf("%d bytes: too large (fib6lab's limit is %d bytes)", len(text), MaxDumpBytes)}
	}
	p := &recordParser{r: &Record{Header: map[string]string{}}, open: map[int]int{}}
	p.dp = dumpParser{d: &Dump{}, devs: map[string]*dumpDev{}}
	for rest := text; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		p.n++
		p.text = strings.TrimRight(line, " \t\r")
		if err := p.line(); err != nil {
			if de := (*DumpError)(nil); errors.As(err, &de) {
				de.Kind = "record" // the route lines' errors are the dump parser's
			}
			return nil, err
		}
	}
	switch {
	case p.n == 0:
		return nil, &DumpError{Kind: "record", Msg: "empty"}
	case p.r.Header["start"] == "":
		return nil, &DumpError{Kind: "record", Msg: "no `start SECONDS.MICROS` line before [dump]"}
	case p.section != "events":
		return nil, &DumpError{Kind: "record", Line: p.n, Text: p.text, Msg: "cut short: the [events] section is missing"}
	}
	d, err := ParseDump(p.dump.String())
	if de := (*DumpError)(nil); errors.As(err, &de) {
		de.Kind = "record"
		if de.Line > 0 {
			de.Line += p.dumpAt
		}
		return nil, de
	}
	p.r.Dump = d
	p.r.resolve()
	return p.r, nil
}

// fail returns a DumpError about the current line.
func (p *recordParser) fail(msg string) error {
	return &DumpError{Kind: "record", Line: p.n, Text: p.text, Msg: msg}
}

// line reads the current line in its section.
func (p *recordParser) line() error {
	t := p.text
	if p.n == 1 {
		if t != RecordMagic {
			return p.fail(fmt.Sprintf("not a fib6lab record (its first line is %q)", RecordMagic))
		}
		return nil
	}
	if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
		return p.sectionLine(t[1 : len(t)-1])
	}
	switch p.section {
	case "dump":
		p.dump.WriteString(t)
		p.dump.WriteByte('\n')
		return nil
	case "events":
		if t == "" || t[0] == '#' {
			return nil
		}
		return p.event()
	}
	if t == "" || t[0] == '#' {
		return nil
	}
	k, v, _ := strings.Cut(t, " ")
	if !recordKeys[k] {
		return p.fail(fmt.Sprintf("unknown header key %q (start, begin, seconds, netns, lookups, timers, kernel, dropped)", k))
	}
	if k == "start" || k == "begin" {
		if _, ok := parseMicros(v); !ok {
			return p.fail(k + ": SECONDS.MICROS of the trace clock expected")
		}
	}
	p.r.Header[k] = strings.TrimSpace(v)
	return nil
}

// sectionLine starts the section name: [dump] then [events].
func (p *recordParser) sectionLine(name string) error {
	switch {
	case name == "dump" && p.section == "":
		if p.r.Header["start"] == "" {
			return p.fail("[dump] before the `start SECONDS.MICROS` header line")
		}
		p.r.start, _ = parseMicros(p.r.Header["start"])
		p.last = p.r.start
		if begin, ok := parseMicros(p.r.Header["begin"]); ok && begin < p.last {
			// the events while the dump was taken come first (at time 0)
			p.last = begin
		}
		p.dumpAt = p.n
	case name == "events" && p.section == "dump":
	case name == "dump" || name == "events":
		return p.fail("section [" + name + "] out of place: a record has [dump] then [events], once each")
	default:
		return p.fail("unknown section [" + name + "] (a record has [dump] and [events])")
	}
	p.section = name
	return nil
}

// parseMicros reads SECONDS.MICROS (six digits) as microseconds.
func parseMicros(s string) (int64, bool) {
	sec, us, ok := strings.Cut(s, ".")
	a, err1 := strconv.ParseInt(sec, 10, 64)
	b, err2 := strconv.ParseInt(us, 10, 64)
	if !ok || len(us) != 6 || err1 != nil || err2 != nil || a < 0 || a > 1<<40 || b < 0 {
		return 0, false
	}
	return a*1_000_000 + b, true
}

// event reads `SECONDS.MICROS KIND ...` of the [events] section.
func (p *recordParser) event() error {
	if len(p.r.Events) >= MaxRecordEvents {
		return p.fail(fmt.Sprintf("too many events (fib6lab's limit for a record is %d)", MaxRecordEvents))
	}
	ts, rest, _ := strings.Cut(p.text, " ")
	at, ok := parseMicros(ts)
	if !ok {
		return p.fail("SECONDS.MICROS KIND ... expected")
	}
	if at < p.last {
		return p.fail("out of time order: the events of a record go in the order they happened")
	}
	if at-p.r.start > MaxRecordSeconds*1_000_000 {
		return p.fail(fmt.Sprintf("more than %d s after the start (fib6lab's limit for a record)", MaxRecordSeconds))
	}
	p.last = at
	kind, rest, _ := strings.Cut(rest, " ")
	e := RecordEvent{At: max(at-p.r.start, 0), Line: p.n, Text: rest}
	switch kind {
	case "route":
		return p.route(e)
	case "lookup":
		return p.lookup(e)
	case "timer":
		ev, _, _ := strings.Cut(rest, " ")
		if ev != "timer_start" && ev != "timer_expire_entry" && ev != "timer_cancel" {
			return p.fail("timer_start, timer_expire_entry or timer_cancel expected after `timer`")
		}
		e.Kind = EventTimer
		p.r.Events = append(p.r.Events, e)
		return nil
	}
	return p.fail(fmt.Sprintf("unknown event %q (route, lookup, timer)", kind))
}

// route reads `route [Deleted ]ROUTE` into a route command. A line
// starting with a tab continues the route before it (a multipath
// route's nexthop).
func (p *recordParser) route(e RecordEvent) error {
	p.dp.n, p.dp.text = p.n, e.Text
	if strings.HasPrefix(e.Text, "\t") || strings.HasPrefix(e.Text, " ") {
		f := strings.Fields(e.Text)
		last := len(p.r.Events) - 1
		if len(f) == 0 || f[0] != "nexthop" || last < 0 || p.r.Events[last].Kind != EventRoute {
			return p.fail("an indented line that is not the nexthop of the route before it")
		}
		args, err := p.dp.routeArgs(f)
		if err != nil {
			return err
		}
		p.r.Events[last].Command += " " + strings.Join(args, " ")
		return nil
	}
	rest, del := strings.CutPrefix(e.Text, "Deleted ")
	f := strings.Fields(rest)
	if len(f) == 0 {
		return p.fail("cut short: a route expected after `route`")
	}
	dst := f[0]
	if isRouteType(dst) && len(f) > 1 {
		dst = f[1]
	}
	if err := p.dp.destination(dst); err != nil {
		return err
	}
	args, err := p.dp.routeArgs(f)
	if err != nil {
		return err
	}
	verb := "prepend"
	if del {
		verb = "del"
		args = withoutExpires(args)
	}
	e.Kind, e.Delete, e.Command = EventRoute, del, "ip -6 route "+verb+" "+strings.Join(args, " ")
	p.r.Events = append(p.r.Events, e)
	return nil
}

// withoutExpires drops `expires N` from route arguments (a delete
// matches routes without it).
func withoutExpires(args []string) []string {
	out := args[:0:0]
	for i := 0; i < len(args); i++ {
		if args[i] == "expires" {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// lookup reads `lookup PID table N oif N iif N proto N SRC/SPORT ->
// DST/DPORT flowlabel X tos N scope N flags N ==> dev D gw G err E`. The
// lines of one process for one flow make one lookup until a table comes
// again.
func (p *recordParser) lookup(e RecordEvent) error {
	pidText, rest, _ := strings.Cut(e.Text, " ")
	pid, err := strconv.Atoi(pidText)
	l, ok := parseLookup(rest)
	if err != nil || !ok {
		return p.fail("`lookup PID FIELDS` with the fields fib6:fib6_table_lookup prints expected")
	}
	flow, _, _ := strings.Cut(rest, " ==> ")
	_, flow, _ = strings.Cut(strings.TrimPrefix(flow, "table "), " ")
	answer := lookupAnswer(l)
	if i, ok := p.open[pid]; ok && p.r.Events[i].flow == flow && !p.r.Events[i].tried(l.Table) {
		p.r.Events[i].Kernel = append(p.r.Events[i].Kernel, answer)
		return nil
	}
	e.Kind, e.Text, e.Kernel, e.pid, e.flow = EventLookup, rest, []string{answer}, pid, flow
	e.Command = lookupCommand(l)
	p.r.Events = append(p.r.Events, e)
	p.open[pid] = len(p.r.Events) - 1
	return nil
}

// tried reports whether the lookup has an answer from table already.
func (e *RecordEvent) tried(table uint32) bool {
	prefix := fmt.Sprintf("table %d ", table)
	for _, k := range e.Kernel {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// lookupAnswer is the part of a table lookup compared on replay: the
// table and the answer.
func lookupAnswer(l trace.Lookup) string {
	_, answer, _ := strings.Cut(ftrace.LookupFields(l), " ==> ")
	return fmt.Sprintf("table %d ==> %s", l.Table, answer)
}

// parseLookup reads the fields of fib6:fib6_table_lookup (as
// ftrace.LookupFields prints them).
func parseLookup(s string) (trace.Lookup, bool) {
	f := strings.Fields(s)
	var l trace.Lookup
	if len(f) != 26 || f[0] != "table" || f[2] != "oif" || f[4] != "iif" || f[6] != "proto" || f[9] != "->" ||
		f[11] != "flowlabel" || f[13] != "tos" || f[15] != "scope" || f[17] != "flags" || f[19] != "==>" ||
		f[20] != "dev" || f[22] != "gw" || f[24] != "err" {
		return l, false
	}
	var n [7]int64 // table, oif, iif, proto, tos, scope, err
	for i, k := range []int{1, 3, 5, 7, 14, 16, 25} {
		v, err := strconv.ParseInt(f[k], 10, 32)
		if err != nil {
			return l, false
		}
		n[i] = v
	}
	src, sport, ok1 := parseAddrPort(f[8])
	dst, dport, ok2 := parseAddrPort(f[10])
	label, err1 := strconv.ParseUint(strings.TrimPrefix(f[12], "0x"), 16, 20)
	flags, err2 := strconv.ParseUint(f[18], 16, 8)
	gw, err3 := netip.ParseAddr(f[23])
	if !ok1 || !ok2 || err1 != nil || err2 != nil || err3 != nil || n[0] < 0 || n[3] < 0 || n[3] > 255 {
		return l, false
	}
	return trace.Lookup{Table: uint32(n[0]), Oif: int(n[1]), Iif: int(n[2]), Proto: uint8(n[3]),
		Src: src, Sport: sport, Dst: dst, Dport: dport, Flowlabel: uint32(label) | uint32(n[4]&0xff)<<20,
		Scope: uint8(n[5]), Flags: uint8(flags), Dev: f[21], Gw: gw, Err: int32(n[6])}, true
}

// parseAddrPort reads ADDR/PORT as the tracepoint prints a flow's end.
func parseAddrPort(s string) (netip.Addr, uint16, bool) {
	a, p, ok := strings.Cut(s, "/")
	addr, err1 := netip.ParseAddr(a)
	port, err2 := strconv.ParseUint(p, 10, 16)
	return addr, uint16(port), ok && err1 == nil && err2 == nil && addr.Is6()
}

// lookupCommand is the `ip -6 route get` that makes the lookup l, its
// devices still as ifindexes ("@N", named by resolve): an input lookup
// (iif other than the loopback's) through iif, an output one through
// oif when set, from the source when not ::, with protocol and ports.
func lookupCommand(l trace.Lookup) string {
	c := "ip -6 route get " + l.Dst.String()
	if !l.Src.IsUnspecified() {
		c += " from " + l.Src.String()
	}
	if l.Iif != netns.LoopbackIfindex && l.Iif != 0 {
		c += fmt.Sprintf(" iif @%d", l.Iif)
	} else if l.Oif != 0 {
		c += fmt.Sprintf(" oif @%d", l.Oif)
	}
	if l.Proto != 0 {
		c += fmt.Sprintf(" ipproto %d", l.Proto)
		if l.Sport != 0 || l.Dport != 0 {
			c += fmt.Sprintf(" sport %d dport %d", l.Sport, l.Dport)
		}
	}
	return c
}

// resolve names the devices of the lookup commands after the dump's
// `ip addr show` (ifindex to name); a lookup through a device the dump
// does not list keeps no command.
func (r *Record) resolve() {
	names := map[int]string{}
	for _, d := range r.Dump.devs {
		if d.index > 0 {
			names[d.index] = d.name
		}
	}
	for i := range r.Events {
		e := &r.Events[i]
		before, idx, ok := strings.Cut(e.Command, " @")
		if e.Kind != EventLookup || !ok {
			continue
		}
		num, after, _ := strings.Cut(idx, " ")
		n, _ := strconv.Atoi(num)
		if name, ok := names[n]; ok {
			e.Command = strings.TrimSpace(before + " " + name + " " + after)
		} else {
			e.Command = ""
		}
	}
}

// LookupResult is a lookup of a record replayed: the event, with the
// kernel's answers, and the model's (in the same form).
type LookupResult struct {
	RecordEvent
	Model []string
}

// Same reports whether the model answered as the kernel did, table by
// table.
func (l LookupResult) Same() bool { return strings.Join(l.Model, "\n") == strings.Join(l.Kernel, "\n") }

// Replay is what replaying a record did: each lookup replayed, with both
// answers; the route changes applied, those the model already had (a
// change made while the dump was taken, or an expired route the model's
// GC had removed) and those it refused (with why); lookups not replayed
// (through a device the dump does not name); the kernel's GC timer
// firings in the record and the model's GC passes over the same time.
type Replay struct {
	Lookups       []LookupResult
	Routes        int
	RoutesKnown   int
	RouteErrors   []string
	Unreplayable  int
	KernelGCFired int
	ModelGCPasses int
	Seconds       float64 // time replayed, from the start to the last event
}

// Differences returns the lookups whose answers differ.
func (r *Replay) Differences() []LookupResult {
	var d []LookupResult
	for _, l := range r.Lookups {
		if !l.Same() {
			d = append(d, l)
		}
	}
	return d
}

// Replay loads the record's dump into ns, a fresh namespace (as
// Dump.Load), then replays its events in time order on ns's clock: the
// clock advances to each event's time (timers, the GC among them, run
// when due), a route change runs its command, a lookup runs its
// `ip -6 route get` with ns's table lookups traced and compares them
// with the kernel's. Errors: the dump's (a *DumpError) and
// netns.ErrInterrupted; ns is then half-loaded.
func (r *Record) Replay(ns *netns.Netns) (*Replay, error) {
	if err := r.Dump.Load(ns); err != nil {
		return nil, err
	}
	sh := NewShell(ns)
	rec := &trace.Recorder{Tracepoints: true}
	old := ns.FIB.Trace
	ns.SetTrace(rec)
	defer ns.SetTrace(old)
	out := &Replay{}
	base := ns.Now()
	for _, e := range r.Events {
		if _, err := ns.Advance(base + e.At*ns.HZ/1_000_000 - ns.Now()); err != nil {
			return nil, err
		}
		out.ModelGCPasses += countKind(rec, trace.GCPass)
		rec.Reset()
		out.Seconds = float64(e.At) / 1e6
		switch {
		case e.Kind == EventTimer:
			if strings.HasPrefix(e.Text, "timer_expire_entry") {
				out.KernelGCFired++
			}
		case e.Command == "":
			out.Unreplayable++
		case e.Kind == EventRoute:
			out.route(sh, e)
		default:
			var sink strings.Builder
			sh.Run(e.Command, &sink)
			res := LookupResult{RecordEvent: e}
			for i, ev := range rec.Events {
				if ev.Kind == trace.TableLookup && rec.Events[i].Ctx == trace.CtxProcess {
					res.Model = append(res.Model, lookupAnswer(rec.Lookups[ev.Val]))
				}
			}
			out.Lookups = append(out.Lookups, res)
		}
	}
	out.ModelGCPasses += countKind(rec, trace.GCPass)
	return out, nil
}

// route applies a route change of the record.
func (out *Replay) route(sh *Shell, e RecordEvent) {
	var msg strings.Builder
	if sh.Run(e.Command, &msg) == 0 {
		out.Routes++
		return
	}
	text := strings.TrimSpace(msg.String())
	known := errno.EEXIST.Error()
	if e.Delete {
		known = errno.ESRCH.Error()
	}
	if strings.Contains(strings.ToLower(text), strings.ToLower(known)) {
		out.RoutesKnown++
		return
	}
	out.RouteErrors = append(out.RouteErrors, fmt.Sprintf("line %d: %s: %s", e.Line, e.Command, text))
}

// countKind counts the events of kind k that r holds.
func countKind(r *trace.Recorder, k trace.Kind) int {
	n := 0
	for _, e := range r.Events {
		if e.Kind == k {
			n++
		}
	}
	return n
}
