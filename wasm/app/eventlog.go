package app

import (
	"iter"

	"fib6lab/engine/trace"
)

// eventChunk is how many trace events one chunk of an eventLog holds
// (1.5 MiB).
const eventChunk = 1 << 16

// spareChunks is how many emptied chunks an eventLog keeps for reuse.
const spareChunks = 8

// eventLog is a lane's queued trace, the player's history: the events in
// chunks of eventChunk, so that a GC pass over a big table, queued a
// frame's slice at a time, never copies the history already queued (a
// growing slice copied all of it at each doubling, in the frames of the
// walk animation), and dropping the oldest events frees whole chunks
// for reuse instead of moving the rest down. Indices count from the
// oldest event kept.
type eventLog struct {
	chunks [][]trace.Event // all full but the last
	off    int             // events dropped from the first chunk
	n      int             // events held
	spare  [][]trace.Event // emptied chunks, length 0
}

// Len returns the number of events held.
func (g *eventLog) Len() int { return g.n }

// At returns event i (0 <= i < Len).
func (g *eventLog) At(i int) trace.Event {
	i += g.off
	return g.chunks[i/eventChunk][i%eventChunk]
}

// Append adds evs after the events held.
func (g *eventLog) Append(evs []trace.Event) {
	g.n += len(evs)
	for len(evs) > 0 {
		k := len(g.chunks) - 1
		if k < 0 || len(g.chunks[k]) == eventChunk {
			g.chunks = append(g.chunks, g.newChunk())
			k++
		}
		c := g.chunks[k]
		m := min(len(evs), eventChunk-len(c))
		g.chunks[k] = append(c, evs[:m]...)
		evs = evs[m:]
	}
}

// newChunk returns an empty chunk with room for eventChunk events.
func (g *eventLog) newChunk() []trace.Event {
	if k := len(g.spare); k > 0 {
		c := g.spare[k-1]
		g.spare = g.spare[:k-1]
		return c
	}
	return make([]trace.Event, 0, eventChunk)
}

// DropFront forgets the oldest n events (n <= Len).
func (g *eventLog) DropFront(n int) {
	g.n -= n
	g.off += n
	k := g.off / eventChunk
	if g.n == 0 {
		k = len(g.chunks) // every chunk is empty now
	}
	for _, c := range g.chunks[:k] {
		if len(g.spare) < spareChunks {
			g.spare = append(g.spare, c[:0])
		}
	}
	g.chunks = append(g.chunks[:0], g.chunks[k:]...)
	if g.n == 0 {
		g.off = 0
		return
	}
	g.off -= k * eventChunk
}

// Range returns the events from i up to j (0 <= i <= j <= Len) in order.
func (g *eventLog) Range(i, j int) iter.Seq[trace.Event] {
	return func(yield func(trace.Event) bool) {
		for i < j {
			p := i + g.off
			c := g.chunks[p/eventChunk]
			end := min(len(c), p%eventChunk+j-i)
			for _, e := range c[p%eventChunk : end] {
				if !yield(e) {
					return
				}
			}
			i += end - p%eventChunk
		}
	}
}

// Slice returns the events from i up to Len as one slice: the chunk's
// own storage when they lie in one chunk, else a copy.
func (g *eventLog) Slice(i int) []trace.Event {
	p := i + g.off
	if k := p / eventChunk; k == len(g.chunks)-1 {
		return g.chunks[k][p%eventChunk:]
	}
	out := make([]trace.Event, 0, g.n-i)
	for e := range g.Range(i, g.n) {
		out = append(out, e)
	}
	return out
}
