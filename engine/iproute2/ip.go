package iproute2

import (
	"errors"
	"fmt"
	"io"
	"net/netip"
	"strings"

	"fib6lab/engine/errno"
)

// exitErr is a failure of an ip command: the text it prints and its exit
// status.
type exitErr struct {
	msg string
	rc  int
}

func (e *exitErr) Error() string { return e.msg }

// invarg models iproute2's invarg(): exit status 255.
func invarg(msg, arg string) error {
	return &exitErr{fmt.Sprintf("Error: argument \"%s\" is wrong: %s\n", arg, msg), 255}
}

// garbage models duparg2 for a second destination.
func garbage(key, arg string) error {
	return &exitErr{fmt.Sprintf("Error: either \"%s\" is duplicate, or \"%s\" is a garbage.\n", key, arg), 255}
}

func noDevice(name string) error {
	return &exitErr{fmt.Sprintf("Cannot find device \"%s\"\n", name), 1}
}

// netlinkErr prints a kernel error as iproute2 does: the extack message
// as "Error: MSG." when there is one, else "RTNETLINK answers: STRERROR";
// exit status 2.
func netlinkErr(err error) error {
	var ack *errno.Ack
	if errors.As(err, &ack) {
		msg := ack.Msg
		if !strings.HasSuffix(msg, ".") {
			msg += "."
		}
		return &exitErr{"Error: " + msg + "\n", 2}
	}
	return &exitErr{"RTNETLINK answers: " + err.Error() + "\n", 2}
}

// ipOpts are ip's global options that matter here.
type ipOpts struct {
	family  int  // 0 unspec, 4 or 6
	stats   int  // how many times -s (-stats) was given
	details bool // -d (-details)
	oneline bool // -o (-oneline): a record's line breaks print as '\\'
	json    bool // -j (-json)
	pretty  bool // -p (-pretty): JSON with line breaks and indentation
}

// object is one `ip OBJECT` handler.
type object struct {
	name string
	run  func(sh *Shell, o ipOpts, args []string, out io.Writer) error
}

// ipObjects lists ip's objects in the order iproute2 tries them for a
// unique-prefix match (`ip r` is route, `ip a` is address).
var ipObjects = []object{
	{"address", runAddr}, {"addrlabel", nil}, {"maddress", nil}, {"route", runRoute},
	{"rule", nil}, {"neighbor", nil}, {"neighbour", nil}, {"ntable", nil},
	{"link", runLink}, {"l2tp", nil}, {"fou", nil}, {"ila", nil}, {"macsec", nil},
	{"tunnel", nil}, {"tunl", nil}, {"tuntap", nil}, {"tap", nil}, {"token", nil},
	{"tcpmetrics", nil}, {"tcp_metrics", nil}, {"monitor", nil}, {"xfrm", nil},
	{"mroute", nil}, {"mrule", nil}, {"netns", runNetns}, {"netconf", nil}, {"vrf", nil},
	{"sr", nil}, {"nexthop", runNexthop}, {"mptcp", nil}, {"ioam", nil}, {"stats", nil},
}

// matches models iproute2's matches(): arg is a non-empty prefix of word.
func matches(arg, word string) bool {
	return arg != "" && strings.HasPrefix(word, arg)
}

// runIP models the ip(8) front end: global options, then an object
// matched by unique prefix.
func runIP(sh *Shell, args []string, out io.Writer) int {
	var o ipOpts
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		opt := strings.TrimLeft(args[0], "-")
		switch {
		case opt == "6":
			o.family = 6
		case opt == "4":
			o.family = 4
		case opt == "s" || matches(opt, "statistics"):
			o.stats++
		case matches(opt, "details"):
			o.details = true
		case matches(opt, "netns"): // netns_switch: the rest of the command runs there
			name := "(null)"
			if len(args) > 1 {
				name, args = args[1], args[1:]
			}
			ns := sh.World.Get(name)
			if ns == nil {
				fmt.Fprintf(out, "Cannot open network namespace \"%s\": No such file or directory\n", name)
				return 255
			}
			defer sh.enter(ns)()
		case matches(opt, "oneline"):
			o.oneline = true
		case matches(opt, "json"):
			o.json = true
		case matches(opt, "pretty"):
			o.pretty = true
		default:
			fmt.Fprintf(out, "Option \"%s\" is unknown, try \"ip -help\".\n", args[0])
			return 255
		}
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(out, "Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }")
		return 255
	}
	for _, obj := range ipObjects {
		if !matches(args[0], obj.name) {
			continue
		}
		if obj.run == nil {
			break
		}
		return status(obj.run(sh, o, args[1:], out), out)
	}
	fmt.Fprintf(out, "Object \"%s\" is unknown, try \"ip help\".\n", args[0])
	return 1
}

// status prints err (if any) and returns the exit status it stands for.
func status(err error, out io.Writer) int {
	if err == nil {
		return 0
	}
	var e *exitErr
	if errors.As(err, &e) {
		io.WriteString(out, e.msg)
		return e.rc
	}
	return status(netlinkErr(err), out)
}

// unknownCommand models the "Command is unknown" exit of an ip object.
func unknownCommand(cmd, obj string) error {
	return &exitErr{fmt.Sprintf("Command \"%s\" is unknown, try \"ip %s help\".\n", cmd, obj), 255}
}

// parsePrefix models get_prefix for inet6: "default"/"any"/"all" is ::/0,
// an address without a length is a /128.
func parsePrefix(s string) (netip.Prefix, error) {
	if s == "default" || s == "any" || s == "all" {
		return netip.MustParsePrefix("::/0"), nil
	}
	bad := func() error {
		return &exitErr{fmt.Sprintf("Error: inet6 prefix is expected rather than \"%s\".\n", s), 1}
	}
	addr, _, hasLen := strings.Cut(s, "/")
	a, err := netip.ParseAddr(addr)
	if err != nil || !a.Is6() || a.Zone() != "" {
		return netip.Prefix{}, bad()
	}
	if !hasLen {
		return netip.PrefixFrom(a, 128), nil
	}
	_, l, _ := strings.Cut(s, "/")
	n, ok := cParseUint(l)
	if !ok || n > 128 {
		return netip.Prefix{}, bad()
	}
	return netip.PrefixFrom(a, int(n)), nil
}

// parseAddr models get_addr for inet6.
func parseAddr(s string) (netip.Addr, error) {
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is6() || a.Zone() != "" {
		return netip.Addr{}, &exitErr{fmt.Sprintf("Error: inet6 address is expected rather than \"%s\".\n", s), 1}
	}
	return a, nil
}

// needArg models NEXT_ARG: the keyword's value, or iproute2's "Command
// line is not complete" exit.
func needArg(args []string, i int) (string, error) {
	if i+1 >= len(args) {
		return "", &exitErr{"Command line is not complete. Try option \"help\"\n", 255}
	}
	return args[i+1], nil
}
