package ftrace

import (
	"fmt"
	"strconv"
	"strings"
)

// Category is a kind of event compared between the model and a kernel.
type Category uint8

// Categories, as flags.
const (
	Lookups Category = 1 << iota // fib6_table_lookup
	GCTimer                      // the GC timer's timer_start, timer_cancel, timer_expire_entry
	Nodes                        // trie node allocations (and node_free_rcu frees)
	Dsts                         // dst allocations and frees
)

// CategoryNames names the categories for options and reports.
var CategoryNames = []struct {
	Cat  Category
	Name string
}{{Lookups, "lookup"}, {GCTimer, "timer"}, {Nodes, "node"}, {Dsts, "dst"}}

// ParseCategories reads a comma-separated list of category names
// ("lookup,timer,node"). Error: the first unknown name.
func ParseCategories(s string) (Category, error) {
	var c Category
	for _, name := range strings.Split(s, ",") {
		found := false
		for _, n := range CategoryNames {
			if n.Name == strings.TrimSpace(name) {
				c, found = c|n.Cat, true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown event category %q (lookup, timer, node, dst)", name)
		}
	}
	return c, nil
}

// Record is one event in normal form: what stays the same between two
// runs of a script on the same kernel. Pointers, pids, timestamps,
// absolute jiffies and call-site offsets are gone; table order, answers,
// timer timeouts and allocation call sites stay. Text holds the event
// with timer pointers replaced by T1, T2 ... in order of appearance.
// Timeout (jiffies) is kept apart so that it compares within one jiffy.
// Ptr names the object an allocation or free is about, to pair them.
type Record struct {
	Cat        Category
	Text       string
	Timeout    int64
	HasTimeout bool
	Free       bool
	Ptr        string
	Deferred   bool // the event ran outside the command's processes (Line.Deferred)
}

// String prints the record as reports show it.
func (r Record) String() string {
	if r.HasTimeout {
		return strings.Replace(r.Text, "timeout=?", "timeout="+strconv.FormatInt(r.Timeout, 10), 1)
	}
	return r.Text
}

// Same reports whether two records stand for the same event: the same
// text and timeouts within one jiffy (the kernel reads jiffies twice
// while arming a timer, and a tick may fall between the two reads).
func (r Record) Same(o Record) bool {
	if r.Text != o.Text || r.HasTimeout != o.HasTimeout {
		return false
	}
	d := r.Timeout - o.Timeout
	return d >= -1 && d <= 1
}

// Normalizer turns the event lines of one script's trace into Records.
// HZ is the tick rate of the side the lines come from.
type Normalizer struct {
	HZ     int64
	timers map[string]string
}

// Record returns the normal form of l, or false when l is not an event
// of a compared category.
func (n *Normalizer) Record(l Line) (Record, bool) {
	r := Record{Deferred: l.Deferred()}
	switch l.Event {
	case "fib6_table_lookup":
		r.Cat, r.Text = Lookups, l.Event+": "+l.Fields
	case "timer_start":
		if Field(l.Fields, "function") != gcTimerFn {
			return r, false
		}
		timeout, _ := strconv.ParseInt(Field(l.Fields, "timeout"), 10, 64)
		expires, _ := strconv.ParseInt(Field(l.Fields, "expires"), 10, 64)
		r.Cat, r.HasTimeout, r.Timeout = GCTimer, true, n.rounded(timeout, expires, l.CPU)
		r.Text = fmt.Sprintf("timer_start: timer=%s function=%s timeout=?", n.timer(Field(l.Fields, "timer")), gcTimerFn)
	case "timer_expire_entry":
		if Field(l.Fields, "function") != gcTimerFn {
			return r, false
		}
		r.Cat, r.Text = GCTimer, fmt.Sprintf("timer_expire_entry: timer=%s function=%s", n.timer(Field(l.Fields, "timer")), gcTimerFn)
	case "timer_cancel":
		r.Cat, r.Text = GCTimer, "timer_cancel: timer="+n.timer(Field(l.Fields, "timer"))
	case "kmem_cache_alloc", "kmem_cache_free":
		site := CallSite(Field(l.Fields, "call_site"))
		switch site {
		case nodeAllocSite, "fib6_add", nodeFreeSite, "node_free_immediate":
			r.Cat = Nodes
		case dstAllocSite, dstFreeSite:
			r.Cat = Dsts
		default:
			return r, false
		}
		r.Free, r.Ptr = l.Event == "kmem_cache_free", Field(l.Fields, "ptr")
		r.Text = l.Event + ": call_site=" + site
	default:
		return r, false
	}
	return r, true
}

// timer names a timer pointer T1, T2 ... in order of first appearance.
func (n *Normalizer) timer(ptr string) string {
	if n.timers == nil {
		n.timers = map[string]string{}
	}
	if t, ok := n.timers[ptr]; ok {
		return t
	}
	t := fmt.Sprintf("T%d", len(n.timers)+1)
	n.timers[ptr] = t
	return t
}

// rounded returns the timeout of a timer armed for expires (jiffies)
// from a CPU in normal form. fib6_run_gc re-arms the GC timer at
// round_jiffies(now + gc_interval): a whole second, skewed by 3 jiffies
// per CPU number, so the timeout depends on where in its second the
// kernel's clock stood. For an expiry on such a boundary the timeout is
// given as the whole seconds round_jiffies started from (it rounds down
// when less than HZ/4 past a second, by at most HZ/4-1 jiffies, else up
// by at most HZ-HZ/4); other timeouts stay as they are (gc_interval is
// whole seconds, so an exact one is a multiple of HZ and unchanged
// either way).
func (n *Normalizer) rounded(timeout, expires int64, cpu int) int64 {
	hz := n.HZ
	if hz <= 0 || mod(expires+3*int64(cpu), hz) != 0 {
		return timeout
	}
	return floorDiv(timeout+hz/4-1, hz) * hz
}

func mod(a, b int64) int64 { return (a%b + b) % b }

func floorDiv(a, b int64) int64 { return (a - mod(a, b)) / b }

// CallSite returns the function of a %pS call site: "fib6_add_1" for
// "fib6_add_1.isra.0+0x143/0x510", dropping the offset and the suffixes
// the compiler adds to clones (.isra.0, .constprop.0, .part.0, .cold).
func CallSite(s string) string {
	s, _, _ = strings.Cut(s, "+")
	s, _, _ = strings.Cut(s, ".")
	return s
}
