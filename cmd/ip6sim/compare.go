package main

import (
	"fmt"
	"strings"

	"fib6lab/engine/ftrace"
	"fib6lab/engine/iproute2"
)

// comparison compares one script's kernel run with its model run.
type comparison struct {
	events        ftrace.Category
	trace         bool
	verbose       bool
	kernel, model ftrace.Normalizer
}

// commandOutput is what one command printed and its exit status.
type commandOutput struct {
	lines  []string
	status string
}

// splitOutput cuts a kdiff run's output into the commands' outputs at
// their status lines ("[rc=N]"); lines after the last status line go to a
// command of their own, which shows that the script stopped early.
func splitOutput(out string, n int) []commandOutput {
	cs := make([]commandOutput, 0, n)
	var cur commandOutput
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.HasPrefix(l, "[rc=") && strings.HasSuffix(l, "]") {
			cur.status = strings.TrimSuffix(strings.TrimPrefix(l, "[rc="), "]")
			cs = append(cs, cur)
			cur = commandOutput{}
			continue
		}
		cur.lines = append(cur.lines, l)
	}
	const stopped = "none (the script stopped)"
	if len(cur.lines) > 0 && !(len(cur.lines) == 1 && cur.lines[0] == "") {
		cur.status = stopped
		cs = append(cs, cur)
	}
	for len(cs) < n {
		cs = append(cs, commandOutput{status: stopped})
	}
	return cs
}

// script compares the runs of a script's commands and returns its report.
func (c *comparison) script(path string, cmds []string, k, m *kernelRun) *scriptResult {
	ko, mo := splitOutput(k.Output, len(cmds)), splitOutput(m.Output, len(cmds))
	var b strings.Builder
	events, differs := 0, false
	unsettled := false // deferred trie work started since the last sleep
	for i, cmd := range cmds {
		var d strings.Builder
		if steps := ftrace.Align(len(ko[i].lines), len(mo[i].lines), func(a, b int) bool {
			return iproute2.SameOutputLine(ko[i].lines[a], mo[i].lines[b])
		}); ftrace.Differs(steps) {
			differs = true
			d.WriteString("    output:\n")
			writeSteps(&d, steps, func(j int) string { return ko[i].lines[j] }, func(j int) string { return mo[i].lines[j] })
		}
		if ko[i].status != mo[i].status {
			differs = true
			fmt.Fprintf(&d, "    status: kernel %s, model %s\n", ko[i].status, mo[i].status)
		}
		if c.trace {
			kr, mr := c.records(&c.kernel, k.Windows[i]), c.records(&c.model, m.Windows[i])
			events += len(kr)
			steps := ftrace.Align(len(kr), len(mr), func(a, b int) bool { return kr[a].Same(mr[b]) })
			differs = differs || ftrace.Differs(steps)
			if ftrace.Differs(steps) || c.verbose && len(steps) > 0 {
				d.WriteString("    events:\n")
				writeSteps(&d, steps, func(j int) string { return kr[j].String() }, func(j int) string { return mr[j].String() })
			}
			unsettled = !isSleep(cmd) && (unsettled || defers(m.Windows[i]))
			if c.events&ftrace.Nodes != 0 && !unsettled {
				if ks, ms := nodeStats(k.Stats, i), nodeStats(m.Stats, i); ks != ms {
					differs = true
					fmt.Fprintf(&d, "    rt6_stats after it: kernel %s, model %s\n", ks, ms)
				}
			}
		}
		if d.Len() > 0 {
			fmt.Fprintf(&b, "  cmd %d: %s\n%s", i+1, strings.TrimSpace(cmd), d.String())
		}
	}
	r := &scriptResult{differs: differs}
	summary := count(len(cmds), "command")
	if c.trace {
		summary += ", " + count(events, "kernel event")
	}
	verdict := "SAME"
	if differs {
		verdict = "DIFF"
	}
	r.report = fmt.Sprintf("%s %s (%s)\n%s", verdict, path, summary, b.String())
	return r
}

// records normalises a command's event lines and keeps those of the
// compared categories: lookups and allocations made by the script's own
// processes (what a tracer filtering on them sees), every event of the
// GC timer. Frees are left out: trie nodes have no free event on 6.18
// (their count after each command stands for them), and dsts are freed
// by RCU callbacks, lazy ones (CONFIG_RCU_LAZY) up to seconds later.
func (c *comparison) records(n *ftrace.Normalizer, lines []ftrace.Line) []ftrace.Record {
	var rs []ftrace.Record
	for _, l := range lines {
		r, ok := n.Record(l)
		switch {
		case !ok || c.events&r.Cat == 0 || r.Free:
		case r.Cat != ftrace.GCTimer && r.Deferred:
		default:
			rs = append(rs, r)
		}
	}
	return rs
}

// defers reports whether the model ran trie work for the command in a
// worker (linkwatch, the DAD work). The kernel's worker may still wait
// for a CPU or for the RTNL lock when the next commands read rt6_stats,
// so node counts are compared again only after a sleep, during which
// deferred work finishes.
func defers(model []ftrace.Line) bool {
	for _, l := range model {
		if l.Deferred() && l.Event == "kmem_cache_alloc" {
			return true
		}
	}
	return false
}

func isSleep(cmd string) bool {
	f := strings.Fields(cmd)
	return len(f) > 0 && f[0] == "sleep"
}

// nodeStats returns the first two columns of an rt6_stats line (trie
// nodes and nodes holding routes), after command i.
func nodeStats(stats []string, i int) string {
	if i >= len(stats) {
		return "missing"
	}
	f := strings.Fields(stats[i])
	if len(f) < 2 {
		return "missing"
	}
	return "fib_nodes " + f[0] + " fib_route_nodes " + f[1]
}

// writeSteps writes an alignment: lines of both sides as "=", the
// kernel's alone as "- kernel", the model's alone as "+ model". A line
// repeated (a timer firing every tick) is written once with its count,
// and a long stretch where both sides agree is cut to its ends.
func writeSteps(b *strings.Builder, steps []ftrace.Step, kernel, model func(int) string) {
	type row struct {
		mark, text string
		n          int
	}
	var rows []row
	for _, s := range steps {
		r := row{"=       ", "", 1}
		switch {
		case s.A >= 0 && s.B >= 0:
			r.text = kernel(s.A)
		case s.A >= 0:
			r.mark, r.text = "- kernel", kernel(s.A)
		default:
			r.mark, r.text = "+ model ", model(s.B)
		}
		if n := len(rows); n > 0 && rows[n-1].mark == r.mark && rows[n-1].text == r.text {
			rows[n-1].n++
			continue
		}
		rows = append(rows, r)
	}
	const keep = 3 // rows kept at each end of a stretch both sides agree on
	for i := 0; i < len(rows); i++ {
		j := i
		for j < len(rows) && rows[j].mark == rows[i].mark && rows[i].mark[0] == '=' {
			j++
		}
		if j-i > 2*keep+1 {
			writeRows := func(rs []row) {
				for _, r := range rs {
					writeRow(b, r.mark, r.text, r.n)
				}
			}
			writeRows(rows[i : i+keep])
			n := 0
			for _, r := range rows[i+keep : j-keep] {
				n += r.n
			}
			fmt.Fprintf(b, "      =        ... %d more events the same on both sides ...\n", n)
			writeRows(rows[j-keep : j])
			i = j - 1
			continue
		}
		writeRow(b, rows[i].mark, rows[i].text, rows[i].n)
	}
}

func writeRow(b *strings.Builder, mark, text string, n int) {
	if n > 1 {
		text += fmt.Sprintf("   (x%d)", n)
	}
	fmt.Fprintf(b, "      %s %s\n", mark, text)
}

// count says "1 NOUN" or "N NOUNs".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
