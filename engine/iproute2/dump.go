package iproute2

import (
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// Limits of a dump (LoadDump): it is data, not a script, so the script
// limits (MaxScriptLines, MaxScriptBytes) do not apply; these do.
const (
	MaxDumpLines = 2_000_000 // lines of text, blank ones included
	MaxDumpBytes = 256 << 20 // bytes of text
)

// DumpError is why a dump (or a record, ParseRecord) does not load: the
// 1-based line it is about (0: the text as a whole), that line's text
// (Error cuts it to 80 bytes) and what is wrong with it. Kind names the
// text in the message: "" for a dump, "record" for a record.
type DumpError struct {
	Line int
	Text string
	Msg  string
	Kind string
}

func (e *DumpError) Error() string {
	kind := e.Kind
	if kind == "" {
		kind = "dump"
	}
	if e.Line == 0 {
		return kind + ": " + e.Msg
	}
	t := e.Text
	if len(t) > 80 {
		t = t[:77] + "..."
	}
	return fmt.Sprintf("%s line %d: %s: %q", kind, e.Line, e.Msg, t)
}

// Dump is the parsed text of `ip -6 route show [table all]`, optionally
// with `ip -6 addr show` and `sysctl net.ipv6.route` output in the same
// text (each line says which it belongs to). Parse it with ParseDump,
// load it into a fresh namespace with Load.
type Dump struct {
	routes  []dumpRoute
	shapes  [][]string // route arguments after the destination, shared by routes alike
	devs    []*dumpDev // in order of appearance
	sysctls []dumpLine // "KEY=VALUE"
}

// Routes returns the number of routes (multipath routes count once).
func (d *Dump) Routes() int { return len(d.routes) }

// dumpLine is a piece of the dump with the line it came from.
type dumpLine struct {
	line int
	text string
}

// dumpRoute is one route: the arguments `ip -6 route add` takes for it
// (what the dump printed, less the flags the kernel sets itself): its
// destination dst ("" for a route whose type comes first, whose shape
// holds all of them), then Dump.shapes[shape].
type dumpRoute struct {
	dumpLine
	dst   string
	shape int32
}

// args returns the route's `ip -6 route add` arguments.
func (r *dumpRoute) args(d *Dump) []string {
	if r.dst == "" {
		return d.shapes[r.shape]
	}
	return append([]string{r.dst}, d.shapes[r.shape]...)
}

// dumpDev is a device the dump names: its MTU (0: not given), whether it
// has carrier (no route on it said linkdown), its addresses and the
// preferred sources (`src`) of the routes through it.
type dumpDev struct {
	name      string
	index     int // the ifindex `ip addr show` gave it (0: not listed)
	mtu       int
	noCarrier bool
	addrs     []dumpAddr
	listed    bool         // its `ip addr show` block was in the dump
	srcs      []netip.Addr // the preferred sources of its routes
}

// dumpAddr is an address of `ip -6 addr show`: `ip -6 addr add`
// arguments after the address.
type dumpAddr struct {
	dumpLine
	prefix netip.Prefix
	args   []string
}

// dumpParser holds the state of ParseDump between lines.
type dumpParser struct {
	d    *Dump
	devs map[string]*dumpDev
	link *dumpDev     // the device of the `ip addr show` block being read
	srcs []netip.Addr // the `src` of the route line being read
	last *dumpRoute
	// tails maps the text after a route line's destination to its
	// shape: most lines of a big table differ only in the destination.
	tails map[string]int32
	n     int
	text  string
}

// ParseDump parses text (see Dump); NUL bytes are dropped, as the shell
// drops them from a script (no command's output holds one). Errors are a
// *DumpError naming the first line that is not a line of those commands'
// output, is cut short, is about IPv4, or is past
// MaxDumpLines/MaxDumpBytes.
func ParseDump(text string) (*Dump, error) {
	if len(text) > MaxDumpBytes {
		return nil, &DumpError{Msg: fmt.Sprintf("%d bytes: too large (fib6lab's limit for a dump is %d bytes)", len(text), MaxDumpBytes)}
	}
	text = strings.ReplaceAll(text, "\x00", "")
	p := &dumpParser{d: &Dump{}, devs: map[string]*dumpDev{}, tails: map[string]int32{}}
	for rest := text; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		p.n++
		p.text = strings.TrimRight(line, " \t\r")
		if p.n > MaxDumpLines {
			return nil, p.fail(fmt.Sprintf("too many lines (fib6lab's limit for a dump is %d)", MaxDumpLines))
		}
		if err := p.parseLine(); err != nil {
			return nil, err
		}
	}
	if len(p.d.routes) == 0 {
		return nil, &DumpError{Msg: "no route in it: paste the output of `ip -6 route show table all`"}
	}
	return p.d, nil
}

// fail returns a DumpError about the current line.
func (p *dumpParser) fail(msg string) error {
	return &DumpError{Line: p.n, Text: p.text, Msg: msg}
}

// parseLine sorts the current line into its section.
func (p *dumpParser) parseLine() error {
	t := strings.TrimSpace(p.text)
	first, _, _ := strings.Cut(t, " ")
	switch {
	case t == "" || t[0] == '#' || t[0] == '$':
		return nil // blank, a comment or a prompt with the command
	case t != p.text: // indented: a nexthop or a line of an address block
		return p.indented(strings.Fields(t))
	case strings.HasPrefix(t, "net.ipv4.") || strings.HasPrefix(t, "net.ipv6.route."):
		return p.sysctl(t)
	case strings.HasPrefix(t, "sysctl: permission denied"):
		return nil // net.ipv6.route.flush is write-only
	case strings.HasSuffix(first, ":") && isDigits(strings.TrimSuffix(first, ":")):
		return p.linkHeader(strings.Fields(t))
	}
	p.link = nil
	return p.route()
}

// isDigits reports whether s is a non-empty run of decimal digits.
func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// dev returns the device called name, noting it on first sight.
// Error: a name Linux does not give a device (empty, 16 bytes or more,
// ".", "..", with '/', ':' or a space).
func (p *dumpParser) dev(name string) (*dumpDev, error) {
	d := p.devs[name]
	if d == nil {
		if name == "" || len(name) >= 16 || name == "." || name == ".." || strings.ContainsAny(name, "/: \t\n\v\f\r") {
			return nil, p.fail(fmt.Sprintf("device name %q: not a name Linux gives a device", name))
		}
		d = &dumpDev{name: name}
		p.devs[name] = d
		p.d.devs = append(p.d.devs, d)
	}
	return d, nil
}

// routeFlags are words `ip route show` prints for flags the kernel sets
// itself (carrier, offload): they are not `ip route add` arguments.
var routeFlags = map[string]bool{
	"dead": true, "linkdown": true, "offload": true, "trap": true, "offload_failed": true,
	"rt_offload": true, "rt_trap": true, "rt_offload_failed": true, "notify": true, "pervasive": true,
}

// route reads a route line (the first of a multipath route's lines):
// [TYPE] PREFIX|default ... A line whose words after the destination
// were seen before takes their shape.
func (p *dumpParser) route() error {
	dst, rest, _ := strings.Cut(p.text, " ")
	typed := isRouteType(dst)
	if s, ok := p.tails[rest]; ok && !typed {
		if err := p.destination(dst); err != nil {
			return err
		}
		return p.addRoute(dst, s)
	}
	f := strings.Fields(p.text)
	if typed && len(f) > 1 {
		dst = f[1]
	}
	if err := p.destination(dst); err != nil {
		return err
	}
	args, err := p.routeArgs(f)
	if err != nil {
		return err
	}
	if typed {
		return p.addRoute("", p.shape(args))
	}
	s := p.shape(args[1:])
	p.tails[rest] = s
	return p.addRoute(dst, s)
}

// destination checks the destination word of a route line.
func (p *dumpParser) destination(dst string) error {
	if _, err := netip.ParsePrefix(dst); err == nil {
		return nil
	}
	if strings.Contains(dst, ".") && !strings.Contains(dst, ":") {
		return p.fail("an IPv4 route: paste the output of `ip -6 route show table all`")
	}
	if _, err := parsePrefix(dst); err != nil {
		return p.fail("not a line of `ip -6 route show`, `ip -6 addr show` or `sysctl net.ipv6.route`")
	}
	return nil
}

// shape adds args to the dump's shapes and returns its index.
func (p *dumpParser) shape(args []string) int32 {
	p.d.shapes = append(p.d.shapes, args)
	return int32(len(p.d.shapes) - 1)
}

// addRoute adds the route of the current line.
func (p *dumpParser) addRoute(dst string, shape int32) error {
	p.d.routes = append(p.d.routes, dumpRoute{dumpLine{p.n, p.text}, dst, shape})
	p.last = &p.d.routes[len(p.d.routes)-1]
	return nil
}

// routeArgs turns the words of a route line or nexthop line into `ip
// route add` arguments: flags and `error N` dropped (linkdown noting the
// device has no carrier), `expires Nsec` as seconds (an overdue route
// expires now).
func (p *dumpParser) routeArgs(f []string) ([]string, error) {
	args := make([]string, 0, len(f))
	var devs []*dumpDev
	linkdown := false
	for i := 0; i < len(f); i++ {
		w := f[i]
		if routeFlags[w] {
			linkdown = linkdown || w == "linkdown" || w == "dead"
			continue
		}
		if i == len(f)-1 && takesValue(w) {
			return nil, p.fail(fmt.Sprintf("cut short: %q without its value", w))
		}
		switch w {
		case "nhid":
			return nil, p.fail("a route using a nexthop object (nhid): fib6lab loads routes with their own nexthops only")
		case "error": // older iproute2 prints a reject route's errno; the type says it
			i++
			continue
		case "cache":
			return nil, p.fail("a cached route: paste `ip -6 route show table all`, without `cache`")
		case "dev":
			d, err := p.dev(f[i+1])
			if err != nil {
				return nil, err
			}
			devs = append(devs, d)
		case "src":
			src, err := netip.ParseAddr(f[i+1])
			if err == nil && src.Is6() {
				p.srcs = append(p.srcs, src)
			}
		case "expires":
			s, ok := strings.CutSuffix(f[i+1], "sec")
			n, err := strconv.ParseInt(s, 10, 64)
			if !ok || err != nil {
				return nil, p.fail(fmt.Sprintf("expires %q: seconds as `ip route show` prints them (299sec) expected", f[i+1]))
			}
			args = append(args, w, strconv.FormatInt(min(max(n, 0), 1<<32-2), 10))
			i++
			continue
		}
		if strings.Contains(w, ".") && !strings.Contains(w, ":") && (i == 0 || f[i-1] == "via" || f[i-1] == "inet" || isRouteType(f[i-1])) {
			return nil, p.fail("an IPv4 route: paste the output of `ip -6 route show table all`")
		}
		args = append(args, w)
	}
	for _, d := range devs {
		d.noCarrier = d.noCarrier || linkdown
		d.srcs = append(d.srcs, p.srcs...)
	}
	p.srcs = p.srcs[:0]
	return args, nil
}

// isRouteType reports whether w is a route type iproute2 prints before
// the destination.
func isRouteType(w string) bool {
	_, ok := rtntypeA2n(w)
	return ok && (w[0] < '0' || w[0] > '9')
}

// indented reads an indented line: a multipath route's nexthop, or an
// address (and its lifetimes) in an `ip addr show` block.
func (p *dumpParser) indented(f []string) error {
	switch {
	case f[0] == "nexthop" && p.last != nil && p.link == nil:
		args, err := p.routeArgs(f)
		if err != nil {
			return err
		}
		// a shape of its own: the route line's may be shared
		p.last.shape = p.shape(append(slices.Clone(p.d.shapes[p.last.shape]), args...))
		return nil
	case p.link == nil:
		return p.fail("not a line of `ip -6 route show`, `ip -6 addr show` or `sysctl net.ipv6.route`")
	case f[0] == "inet":
		return p.fail("an IPv4 address: paste the output of `ip -6 addr show`")
	case f[0] == "inet6":
		return p.addr(f)
	case f[0] == "valid_lft":
		return p.lifetimes(f)
	case strings.HasPrefix(f[0], "link/") || f[0] == "altname" || f[0] == "prop":
		return nil
	}
	return p.fail("not a line of `ip -6 addr show`")
}

// linkHeader reads `N: NAME[@PEER]: <FLAGS> mtu M ...`, the first line of
// a device's block in `ip addr show`.
func (p *dumpParser) linkHeader(f []string) error {
	if len(f) < 2 || !strings.HasSuffix(f[1], ":") {
		return p.fail("cut short: `N: NAME: <FLAGS> mtu M ...` expected")
	}
	name, _, _ := strings.Cut(strings.TrimSuffix(f[1], ":"), "@")
	d, err := p.dev(name)
	if err != nil {
		return err
	}
	d.listed = true
	d.index, _ = strconv.Atoi(strings.TrimSuffix(f[0], ":"))
	for i := 2; i+1 < len(f); i++ {
		if f[i] == "mtu" {
			mtu, err := strconv.Atoi(f[i+1])
			if err != nil || name != "lo" && (mtu < 68 || mtu > 65535) {
				return p.fail(fmt.Sprintf("mtu %q: fib6lab's devices take 68..65535", f[i+1]))
			}
			if name != "lo" {
				d.mtu = mtu
			}
		}
	}
	p.link = d
	return nil
}

// addrFlags are the `ip addr show` words `ip addr add` takes back.
var addrFlags = map[string]bool{"noprefixroute": true, "mngtmpaddr": true, "home": true}

// addr reads `inet6 ADDR/LEN [peer P] scope S [FLAGS]`.
func (p *dumpParser) addr(f []string) error {
	if len(f) < 2 {
		return p.fail("cut short: `inet6 ADDR/LEN scope ...` expected")
	}
	pfx, err := netip.ParsePrefix(f[1])
	if err != nil || !pfx.Addr().Is6() || pfx.Addr().Is4In6() {
		return p.fail(fmt.Sprintf("%q: not an IPv6 address with its prefix length", f[1]))
	}
	a := dumpAddr{dumpLine: dumpLine{p.n, p.text}, prefix: pfx}
	for _, w := range f[2:] {
		if addrFlags[w] {
			a.args = append(a.args, w)
		}
	}
	p.link.addrs = append(p.link.addrs, a)
	return nil
}

// lifetimes reads `valid_lft V preferred_lft P` (seconds with "sec", or
// forever) for the address above it.
func (p *dumpParser) lifetimes(f []string) error {
	n := len(p.link.addrs)
	if n == 0 || len(f) != 4 || f[2] != "preferred_lft" {
		return p.fail("`valid_lft V preferred_lft P` after an inet6 line expected")
	}
	a := &p.link.addrs[n-1]
	for _, i := range []int{1, 3} {
		v, ok := strings.CutSuffix(f[i], "sec")
		if _, err := strconv.ParseUint(v, 10, 32); f[i] != "forever" && (!ok || err != nil) {
			return p.fail(fmt.Sprintf("%s %q: seconds (86400sec) or forever expected", f[i-1], f[i]))
		}
		a.args = append(a.args, f[i-1], v)
	}
	return nil
}

// sysctl reads `net.ipv6.route.KEY = VALUE` (sysctl's output).
func (p *dumpParser) sysctl(t string) error {
	if strings.HasPrefix(t, "net.ipv4.") {
		return p.fail("an IPv4 setting: paste the output of `sysctl net.ipv6.route`")
	}
	k, v, ok := strings.Cut(t, " = ")
	if !ok || strings.TrimSpace(v) == "" {
		return p.fail("cut short: `net.ipv6.route.KEY = VALUE` expected")
	}
	p.d.sysctls = append(p.d.sysctls, dumpLine{p.n, k + "=" + strings.TrimSpace(v)})
	return nil
}

// LoadDump parses text (ParseDump) and loads it into ns (Dump.Load).
func LoadDump(ns *netns.Netns, text string) (*Dump, error) {
	d, err := ParseDump(text)
	if err != nil {
		return nil, err
	}
	return d, d.Load(ns)
}

// Load gives ns, a fresh namespace (netns.New or Host.NewNetns: only lo,
// no route), the dump's machine: its sysctls, then each device it names
// as an up device of its own (a veth whose far end lives in a namespace
// of the host made for them, with IPv6 off, and is down when a route on
// the device said linkdown, so that the device has no carrier) with the
// dump's MTU and addresses (addresses only from `ip addr show`: the
// link-local ones the devices made are removed then), then, once the
// routes the kernel made for those devices and addresses are flushed,
// the dump's routes, each as `ip -6 route prepend` adds it (expiring ones
// arm the GC timer). A gateway route whose gateway the table cannot
// reach yet is retried after the other routes, as the dump's order need
// not be the one the routes were added in. On error (a *DumpError naming
// the line) ns is half-loaded: load into a namespace to throw away.
func (d *Dump) Load(ns *netns.Netns) error {
	sh := NewShell(ns)
	for _, s := range d.sysctls {
		if err := runDumpCmd(sh, s.line, s.text, "sysctl", "-q", "-w", s.text); err != nil {
			return err
		}
	}
	if err := d.loadDevs(sh); err != nil {
		return err
	}
	for _, t := range ns.FIB.Tables() {
		for _, rt := range t.Dump() {
			t.Del(rt)
		}
	}
	return d.loadRoutes(ns)
}

// runDumpCmd runs an iproute2 command for a line of the dump.
func runDumpCmd(sh *Shell, line int, text string, args ...string) error {
	var out strings.Builder
	if sh.runCommand(args, &out) != 0 {
		return &DumpError{Line: line, Text: text, Msg: strings.TrimSpace(out.String())}
	}
	return nil
}

// loadDevs creates the dump's devices and addresses (see Load).
func (d *Dump) loadDevs(sh *Shell) error {
	ns := sh.NS
	far := ns.Host().NewNetns()
	if err := runCmds(sh, "sysctl -q -w net.ipv6.conf.default.accept_dad=0", "ip link set lo up"); err != nil {
		return err
	}
	if err := runCmds(NewShell(far), "sysctl -q -w net.ipv6.conf.default.disable_ipv6=1"); err != nil {
		return err
	}
	for _, dd := range d.devs {
		if dd.name != "lo" {
			if err := ns.AddVethPair(netns.VethEnd{Name: dd.name, MTU: dd.mtu}, netns.VethEnd{Name: dd.name, NS: far}); err != nil {
				return &DumpError{Msg: fmt.Sprintf("device %q: %v", dd.name, err)}
			}
			ns.SetLinkUp(ns.Dev(dd.name), true)
			far.SetLinkUp(far.Dev(dd.name), !dd.noCarrier)
		}
		if dd.listed {
			if err := loadAddrs(sh, ns.Dev(dd.name), dd.addrs); err != nil {
				return err
			}
			continue
		}
		for _, a := range dd.srcs { // a route's src must be an address of the machine
			ns.AddAddr(ns.Dev(dd.name), netip.PrefixFrom(a, 128), true)
		}
	}
	return runCmds(sh, "sysctl -q -w net.ipv6.conf.default.accept_dad=1")
}

// loadAddrs gives dev exactly the addresses addrs (`ip addr show`'s).
func loadAddrs(sh *Shell, dev *netns.Device, addrs []dumpAddr) error {
	want := map[netip.Prefix]bool{}
	for _, a := range addrs {
		want[a.prefix] = true
		if dev.Addr(a.prefix.Addr()) != nil {
			continue
		}
		args := append([]string{"ip", "-6", "addr", "add", a.prefix.String(), "dev", dev.Name, "nodad"}, a.args...)
		if err := runDumpCmd(sh, a.line, a.text, args...); err != nil {
			return err
		}
	}
	for _, a := range append([]*netns.Addr(nil), dev.Addrs...) {
		if !want[a.Prefix] {
			sh.NS.DelAddr(dev, a.Prefix)
		}
	}
	return nil
}

// runCmds runs the setup commands lines in sh.
func runCmds(sh *Shell, lines ...string) error {
	for _, l := range lines {
		var out strings.Builder
		if sh.Run(l, &out) != 0 {
			return &DumpError{Msg: fmt.Sprintf("setting up: %s: %s", l, strings.TrimSpace(out.String()))}
		}
	}
	return nil
}

// loadRoutes adds the dump's routes (see Load). Routes of one shape
// are parsed once.
func (d *Dump) loadRoutes(ns *netns.Netns) error {
	var later []*dumpRoute
	parsed := make([]*netns.RouteConfig, len(d.shapes))
	for i := range d.routes {
		r := &d.routes[i]
		err := d.addRoute(ns, r, parsed)
		if errors.Is(err, errno.EHOSTUNREACH) {
			later = append(later, r)
			continue
		}
		if err == nil {
			err = ns.Work(1, int64(i), int64(len(d.routes)))
		}
		if err != nil {
			return r.fail(err)
		}
	}
	for _, r := range later {
		if err := d.addRoute(ns, r, parsed); err != nil {
			return r.fail(err)
		}
	}
	return nil
}

// fail returns the DumpError of err for the route's line.
func (r *dumpRoute) fail(err error) error {
	msg := err.Error()
	if !errors.Is(err, netns.ErrInterrupted) {
		_, msg = Status(err)
	}
	return &DumpError{Line: r.line, Text: r.text, Msg: strings.TrimSpace(msg)}
}

// addRoute adds one route of the dump. A route with a destination of
// its own takes the rest of its request from parsed, the requests parsed
// so far by shape.
func (d *Dump) addRoute(ns *netns.Netns, r *dumpRoute, parsed []*netns.RouteConfig) error {
	if c := parsed[r.shape]; c != nil && r.dst != "" {
		dst, err := parsePrefix(r.dst)
		if err != nil {
			return err
		}
		c2 := *c
		c2.Dst = dst
		return ns.RouteAddShown(&c2)
	}
	c, err := parseRoute(ns, r.args(d), false)
	if err != nil {
		return err
	}
	if c.Protocol == 0 {
		c.Protocol = rtprotBoot // iproute2 does not print `proto boot`
	}
	c.NLFlags = fib6.NLM_F_CREATE
	if r.dst != "" {
		parsed[r.shape] = c
	}
	return ns.RouteAddShown(c)
}
