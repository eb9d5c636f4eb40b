package iproute2

import (
	"errors"
	"fmt"
	"io"
	"net/netip"
	"sort"
	"strconv"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/kernel"
	"fib6lab/engine/netns"
)

// Commands beyond iproute2 (README "Commands beyond iproute2"): events a
// real machine gets from its kernel version, its programs and the network,
// as one-line commands.

// MaxSenders bounds `send raw ... senders S`.
const MaxSenders = 64

// runKernelCmd models choosing the kernel release: `kernel` prints the
// modelled one, `kernel VERSION` (MAJOR.MINOR[.PATCH]) selects it and
// with it every behaviour that changed between releases, the GC strategy
// included (netns.SetKernel).
func runKernelCmd(sh *Shell, args []string, out io.Writer) int {
	return status(kernelCmd(sh.NS, sh.World.Namespaces(), args, out), out)
}

// kernelCmd prints ns's release, or sets the release of every namespace
// of the machine (all: one kernel runs them).
func kernelCmd(ns *netns.Netns, all []*netns.Netns, args []string, out io.Writer) error {
	switch len(args) {
	case 0:
		fmt.Fprintln(out, ns.Features().Release)
		return nil
	case 1:
	default:
		return garbage("kernel", args[1])
	}
	switch _, err := kernel.Parse(args[0]); {
	case errors.Is(err, kernel.ErrTooOld):
		return invarg(fmt.Sprintf("\"kernel\" value is invalid: fib6lab models Linux %s and later\n", kernel.Oldest), args[0])
	case err != nil:
		return invarg("\"kernel\" value is invalid: MAJOR.MINOR[.PATCH] expected\n", args[0])
	}
	ns.SetKernel(args[0])
	for _, o := range all {
		o.SetKernel(args[0])
	}
	return nil
}

// eventArgs holds the keywords of the event commands.
type eventArgs struct {
	count, inflight, senders, cpu, mtu int
	from, to                           netip.Addr
	hasMTU                             bool
}

// parseEvent parses `DST {KEY VALUE}` for the keywords in allowed.
func parseEvent(args []string, allowed ...string) (netip.Addr, *eventArgs, error) {
	e := &eventArgs{count: 1, inflight: 1, senders: 1}
	if len(args) == 0 {
		return netip.Addr{}, nil, &exitErr{"Error: destination is required.\n", 255}
	}
	dst, err := parseAddr(args[0])
	if err != nil {
		return dst, nil, err
	}
	for i := 1; i < len(args); i += 2 {
		key := args[i]
		if !has(allowed, key) {
			return dst, nil, garbage(allowed[0], key)
		}
		val, err := needArg(args, i)
		if err != nil {
			return dst, nil, err
		}
		if err := e.set(key, val); err != nil {
			return dst, nil, err
		}
	}
	return dst, e, nil
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// set stores one keyword's value; counts are bounded by MaxCount.
func (e *eventArgs) set(key, val string) error {
	var err error
	switch key {
	case "from", "to":
		var a netip.Addr
		if a, err = parseAddr(val); key == "from" {
			e.from = a
		} else {
			e.to = a
		}
	case "mtu":
		var v uint32
		v, err = parseU32(val, "mtu")
		e.mtu, e.hasMTU = int(v), true
	default:
		err = e.setNumber(key, val)
	}
	return err
}

// setNumber stores count, inflight, senders or cpu.
func (e *eventArgs) setNumber(key, val string) error {
	v, err := CheckCount(val)
	if err != nil {
		_, msg := Status(err)
		return &exitErr{strings.Replace(msg, "\"count\"", "\""+key+"\"", 1), 255}
	}
	switch key {
	case "count":
		e.count = int(v)
	case "inflight": // a sender with nothing in flight would never send
		if v < 1 {
			return invarg(fmt.Sprintf("\"inflight\" value is invalid (1..%d)\n", MaxCount), val)
		}
		e.inflight = int(v)
	case "senders":
		if v < 1 || v > MaxSenders {
			return invarg(fmt.Sprintf("\"senders\" value is invalid (1..%d)\n", MaxSenders), val)
		}
		e.senders = int(v)
	default:
		if int(v) >= netns.DefaultCPUs {
			return invarg(fmt.Sprintf("\"cpu\" value is invalid (0..%d)\n", netns.DefaultCPUs-1), val)
		}
		e.cpu = int(v)
	}
	return nil
}

// runSend dispatches `send raw ...` and `send DST ...`.
func runSend(sh *Shell, args []string, out io.Writer) int {
	if len(args) > 0 && args[0] == "raw" {
		return status(sendRaw(sh, args[1:], out), out)
	}
	return status(sendUDP(sh, args, out), out)
}

// interruptedAfter ends a command that NS.Yield cancelled after done of
// total units (e.g. "packets"): "fib6lab: interrupted after 3,072 of
// 100,000 packets", status 130 (Shell.interrupt).
func (sh *Shell) interruptedAfter(out io.Writer, done, total int64, unit string) error {
	rc := sh.interrupt(out, commas(done), commas(total)+" "+unit)
	return &exitErr{"", rc}
}

// sendRaw models `send raw DST [count N] [inflight K] [senders S]`: S
// raw-socket (IPV6_HDRINCL) senders each send N packets to DST keeping K
// in flight (netns.FloodRaw), then the kernel log lines the flood
// produced.
func sendRaw(sh *Shell, args []string, out io.Writer) error {
	ns := sh.NS
	dst, e, err := parseEvent(args, "count", "inflight", "senders")
	if err != nil {
		return err
	}
	if e.count*e.senders > MaxCount {
		return invarg(fmt.Sprintf("\"count\" value is invalid (fib6lab limit %d packets in all)\n", MaxCount), strconv.Itoa(e.count))
	}
	logged := len(ns.Dst.Log)
	r := ns.FloodRaw(netns.RawFlood{Dst: dst, Senders: e.senders, Count: e.count, Inflight: e.inflight})
	if r.Err != nil {
		return sh.interruptedAfter(out, int64(r.Sent+r.Failed), int64(e.count*e.senders), "packets")
	}
	fmt.Fprintf(out, "raw: %d sent, %d failed (%s), peak dst entries %d\n", r.Sent, r.Failed, errnoList(r.Errnos), r.Peak)
	printKernelLog(ns, logged, out)
	return nil
}

// printKernelLog prints the kernel log lines from index from on as a
// syslog reader shows them: "kernel: LINE".
func printKernelLog(ns *netns.Netns, from int, out io.Writer) {
	for _, l := range ns.Dst.Log[from:] {
		fmt.Fprintf(out, "kernel: %s\n", l)
	}
}

// errnoNames are the symbolic names of the errnos sends fail with.
var errnoNames = map[errno.Errno]string{
	errno.ENETUNREACH: "ENETUNREACH", errno.EHOSTUNREACH: "EHOSTUNREACH",
	errno.EACCES: "EACCES", errno.EINVAL: "EINVAL", errno.ENETDOWN: "ENETDOWN",
}

// errnoList names the failures: ENETUNREACH when there are none or only
// those, else "NAME N, NAME M" in errno order.
func errnoList(m map[errno.Errno]int) string {
	var keys []errno.Errno
	for k, n := range m {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 || (len(keys) == 1 && keys[0] == errno.ENETUNREACH) {
		return "ENETUNREACH"
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	parts := make([]string, len(keys))
	for i, k := range keys {
		name, ok := errnoNames[k]
		if !ok {
			name = fmt.Sprintf("errno %d", int(k))
		}
		parts[i] = fmt.Sprintf("%s %d", name, m[k])
	}
	return strings.Join(parts, ", ")
}

// sendUDP models `send DST [count N] [from SRC] [cpu C]`: N UDP packets
// through the output path (netns.Send) and one summary line.
func sendUDP(sh *Shell, args []string, out io.Writer) error {
	dst, e, err := parseEvent(args, "count", "from", "cpu")
	if err != nil {
		return err
	}
	r := sh.NS.Send(dst, e.from, e.count, e.cpu)
	if r.Err != nil {
		return sh.interruptedAfter(out, int64(r.Packets), int64(e.count), "packets")
	}
	fmt.Fprintf(out, "send: %d packets, %d lookups of translated destinations, %d dst_cache hits, %d misses, %d dropped\n",
		r.Packets, r.Lookups, r.Hits, r.Misses, r.Dropped)
	return nil
}

// runPTB models `ptb DST mtu M [count N]`: N ICMPv6 Packet Too Big
// messages for DST accepted (netns.PTB), silent like the kernel; then any
// kernel log lines.
func runPTB(sh *Shell, args []string, out io.Writer) int {
	dst, e, err := parseEvent(args, "mtu", "count")
	if err == nil && !e.hasMTU {
		err = &exitErr{"Error: \"mtu\" is required.\n", 255}
	}
	if err != nil {
		return status(err, out)
	}
	logged := len(sh.NS.Dst.Log)
	for i := range int64(e.count) {
		if _, err = sh.NS.PTB(dst, e.mtu); err != nil {
			break
		}
		if sh.NS.Work(1, i+1, int64(e.count)) != nil {
			return status(sh.interruptedAfter(out, i+1, int64(e.count), "messages"), out)
		}
	}
	printKernelLog(sh.NS, logged, out)
	return status(eventErr(err), out)
}

// runRedirect models `redirect DST to TARGET`: an ICMPv6 redirect for DST
// to TARGET accepted (netns.Redirect).
func runRedirect(sh *Shell, args []string, out io.Writer) int {
	dst, e, err := parseEvent(args, "to")
	if err == nil && !e.to.IsValid() {
		err = &exitErr{"Error: \"to\" is required.\n", 255}
	}
	if err == nil {
		err = eventErr(sh.NS.Redirect(dst, e.to))
	}
	return status(err, out)
}

// eventErr prints a kernel error of an event as "Error: STRERROR.",
// exit status 2.
func eventErr(err error) error {
	if err == nil {
		return nil
	}
	var en errno.Errno
	if !errors.As(err, &en) {
		return err
	}
	return &exitErr{"Error: " + en.Error() + ".\n", 2}
}

// procFiles are the files `cat` can show.
var procFiles = map[string]func(ns *netns.Netns) string{
	"/proc/net/rt6_stats": func(ns *netns.Netns) string { return ns.RT6Stats().String() + "\n" },
}

// runCat models cat(1) for the /proc files of procFiles.
func runCat(sh *Shell, args []string, out io.Writer) int {
	rc := 0
	for _, p := range args {
		if strings.HasPrefix(p, procSys) {
			rc |= catProcSys(sh.NS, p, out)
			continue
		}
		f, ok := procFiles[p]
		if !ok {
			fmt.Fprintf(out, "cat: %s: No such file or directory\n", p)
			rc = 1
			continue
		}
		io.WriteString(out, f(sh.NS))
	}
	return rc
}

// interrupt ends a command that NS.Yield cancelled after doing done of
// total (each with its unit, e.g. "3,072" and "100,000 packets"): it
// prints "fib6lab: interrupted after DONE of TOTAL" and returns 130, the
// status bash reports for a command killed by SIGINT.
func (sh *Shell) interrupt(out io.Writer, done, total string) int {
	sh.interrupted = true
	fmt.Fprintf(out, "fib6lab: interrupted after %s of %s\n", done, total)
	return 130
}

// commas formats n with a comma every three digits: 100,000.
func commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
