// Package ftrace writes the engine's trace events as the text lines the
// kernel's tracefs `trace` file shows for the same tracepoints, and reads
// such lines back, from either source, into a normal form in which the
// model and a real kernel can be compared: fib6:fib6_table_lookup,
// timer:timer_start / timer_cancel / timer_expire_entry for the fib6 GC
// timer (fib6_gc_timer_cb), and kmem:kmem_cache_alloc / kmem_cache_free
// for trie nodes (fib6_add_1) and dst entries (dst_alloc, dst_destroy).
//
// The line layout is that of kernel/trace/trace_output.c with the default
// options: "TASK-PID [CPU] FLAGS SECONDS.MICROS: EVENT: FIELDS", the
// fields printed by each event's TP_printk format as Linux 6.18 has them
// (include/trace/events/fib6.h, timer.h, kmem.h).
package ftrace

import (
	"fmt"
	"io"
	"net/netip"
	"strings"

	"fib6lab/engine/trace"
)

// Writer writes a namespace's events as tracefs text. Before each command
// the caller calls Command, which writes a "# cmd N: LINE" marker and
// names the task the command's events run in; Events then writes the
// tracepoint events a recorder holds (those without a tracepoint, such
// as NodeVisit, are skipped). Timestamps are seconds since Base (jiffies)
// at HZ ticks per second, with the microseconds of the jiffy's start.
type Writer struct {
	W    io.Writer
	HZ   int64
	Base int64
	// NodeFreeRCU: trie node frees have their own event (node_free_rcu's
	// kmem_cache_free, kernel.Features.NodeFreeRCU); false writes none,
	// as kfree_rcu frees nodes without one.
	NodeFreeRCU bool

	task string
	pid  int
	err  error
}

// Errors of the writer's io.Writer are kept; Err returns the first.
func (w *Writer) Err() error { return w.err }

func (w *Writer) printf(format string, args ...any) {
	if w.err == nil {
		_, w.err = fmt.Fprintf(w.W, format, args...)
	}
}

// Header writes the comment lines tracefs starts its trace file with.
func (w *Writer) Header() {
	w.printf("# tracer: nop\n#\n#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n#              | |         |   |||||     |         |\n")
}

// Command writes the marker of command n (from 1), whose text is line,
// and makes task (the command's name, e.g. "ip") with a pid of its own
// the task of the process-context events that follow.
func (w *Writer) Command(n int, line, task string) {
	w.printf("%s%d: %s\n", MarkerPrefix, n, line)
	w.task, w.pid = task, 1000+n
}

// TaskOf is the task a trace names for the command line a shell runs:
// the program it runs, or bash for what the shell does itself.
func TaskOf(line string) string {
	f := strings.Fields(line)
	if len(f) > 0 {
		switch f[0] {
		case "ip", "sysctl", "sleep", "cat":
			return f[0]
		}
	}
	return "bash"
}

// The task columns of the events that do not run in the command's
// process: a timer callback in softirq (shown over the idle task, as on
// an idle CPU) and a workqueue worker.
const (
	softirqTask = "<idle>"
	workerTask  = "kworker/0:1"
	workerPid   = 20
)

// Events writes the tracepoint events of r; r.Stamps must be recorded
// (trace.Recorder.Clock) for the timestamps.
func (w *Writer) Events(r *trace.Recorder) { w.EventsFrom(r, 0) }

// EventsFrom is Events for r's events from index from on.
func (w *Writer) EventsFrom(r *trace.Recorder, from int) {
	for i := from; i < len(r.Events); i++ {
		e := r.Events[i]
		var at int64
		if i < len(r.Stamps) {
			at = r.Stamps[i]
		}
		name, fields := w.event(r, e, at)
		if name == "" {
			continue
		}
		task, pid, flags := w.task, w.pid, "....."
		switch e.Ctx {
		case trace.CtxSoftirq:
			task, pid, flags = softirqTask, 0, "..s1."
		case trace.CtxWorker:
			task, pid = workerTask, workerPid
		}
		us := (at - w.Base) * 1_000_000 / w.HZ
		w.printf("%16s-%-7d [000] %s %5d.%06d: %s: %s\n", task, pid, flags, us/1_000_000, us%1_000_000, name, fields)
	}
}

// event returns the tracepoint name and printed fields of e at time at
// (jiffies), or "" when e has no tracepoint.
func (w *Writer) event(r *trace.Recorder, e trace.Event, at int64) (string, string) {
	switch e.Kind {
	case trace.TableLookup:
		if e.Val < 0 || int(e.Val) >= len(r.Lookups) {
			return "", ""
		}
		return "fib6_table_lookup", LookupFields(r.Lookups[e.Val])
	case trace.TimerArm:
		return "timer_start", fmt.Sprintf("timer=%s function=%s expires=%d [timeout=%d] bucket_expiry=%d cpu=0 idx=%d flags=",
			gcTimerPtr, gcTimerFn, e.Val, e.Val-at, e.Val+int64(e.Node), e.Route)
	case trace.TimerCancel:
		return "timer_cancel", "timer=" + gcTimerPtr
	case trace.TimerExpire:
		return "timer_expire_entry", fmt.Sprintf("timer=%s function=%s now=%d baseclk=%d", gcTimerPtr, gcTimerFn, at, at)
	case trace.NodeCreate:
		return "kmem_cache_alloc", fmt.Sprintf("call_site=%s ptr=%s name=fib6_nodes bytes_req=%d bytes_alloc=%d gfp_flags=GFP_ATOMIC|__GFP_ZERO node=-1 accounted=false",
			nodeAllocSite, pointer('n', e.Node), nodeBytes, nodeBytes)
	case trace.NodeFree:
		if !w.NodeFreeRCU {
			return "", ""
		}
		return "kmem_cache_free", fmt.Sprintf("call_site=%s ptr=%s name=fib6_nodes", nodeFreeSite, pointer('n', e.Node))
	case trace.DstAlloc:
		return "kmem_cache_alloc", fmt.Sprintf("call_site=%s ptr=%s name=ip6_dst_cache bytes_req=%d bytes_alloc=%d gfp_flags=GFP_ATOMIC node=-1 accounted=false",
			dstAllocSite, pointer('d', e.Node), dstBytes, dstBytes)
	case trace.DstFree:
		return "kmem_cache_free", fmt.Sprintf("call_site=%s ptr=%s name=ip6_dst_cache", dstFreeSite, pointer('d', e.Node))
	}
	return "", ""
}

// LookupFields prints the fields of fib6:fib6_table_lookup as its
// TP_printk does on Linux 6.18: addresses as %pI6c (RFC 5952, as
// netip prints them), the flow label (20 bits) in %#x, the traffic
// class above it as tos.
func LookupFields(l trace.Lookup) string {
	return fmt.Sprintf("table %3d oif %d iif %d proto %d %s/%d -> %s/%d flowlabel %s tos %d scope %d flags %x ==> dev %s gw %s err %d",
		l.Table, l.Oif, l.Iif, l.Proto, addr(l.Src), l.Sport, addr(l.Dst), l.Dport, hexAlt(l.Flowlabel&0xfffff),
		(l.Flowlabel>>20)&0xff, l.Scope, l.Flags, l.Dev, addr(l.Gw), l.Err)
}

// hexAlt prints v as the kernel's %#x does: 0x0 for zero too.
func hexAlt(v uint32) string { return fmt.Sprintf("0x%x", v) }

func addr(a netip.Addr) string {
	if !a.IsValid() {
		return "::"
	}
	return a.String()
}

// What the kernel's events name: the GC timer's callback, the call sites
// of the allocations and frees (the function that called the slab
// allocator, %pS without its offset), and the object sizes the slab
// reports for them on the reference machine (fib6_nodes merged into a
// 128-byte cache; ip6_dst_cache's 256-byte objects).
const (
	gcTimerFn     = "fib6_gc_timer_cb"
	nodeAllocSite = "fib6_add_1"
	nodeFreeSite  = "node_free_rcu"
	dstAllocSite  = "dst_alloc"
	dstFreeSite   = "dst_destroy"
	nodeBytes     = 128
	dstBytes      = 256
)

// gcTimerPtr stands for the GC timer's address (tracefs hashes
// pointers, so only their identity within one trace means anything).
var gcTimerPtr = pointer('t', 1)

// pointer makes up a hashed-looking pointer for object id of a kind
// ('n' node, 'd' dst, 't' timer): distinct per object within a trace.
func pointer(kind byte, id uint32) string {
	return fmt.Sprintf("00000000%08x", uint32(kind)<<24^id*2654435761)
}
