package app

import (
	"math/rand/v2"
	"slices"
	"testing"

	"fib6lab/engine/trace"
)

// TestEventLogMatchesSlice appends, drops and reads an eventLog at random
// across chunk boundaries, checking every answer against a plain slice.
func TestEventLogMatchesSlice(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var g eventLog
	var ref []trace.Event
	next := int64(0)
	for round := range 150 {
		switch r.IntN(3) {
		case 0, 1:
			n := r.IntN(3 * eventChunk / 2)
			evs := make([]trace.Event, n)
			for i := range evs {
				evs[i] = trace.Event{Val: next}
				next++
			}
			g.Append(evs)
			ref = append(ref, evs...)
		case 2:
			n := r.IntN(len(ref) + 1)
			g.DropFront(n)
			ref = ref[n:]
		}
		if g.Len() != len(ref) {
			t.Fatalf("round %d: Len %d, want %d", round, g.Len(), len(ref))
		}
		if len(ref) == 0 {
			continue
		}
		i, j := r.IntN(len(ref)), r.IntN(len(ref)+1)
		i, j = min(i, j), max(i, j)
		if g.At(i) != ref[i] {
			t.Fatalf("round %d: At(%d) = %v, want %v", round, i, g.At(i), ref[i])
		}
		if got := slices.Collect(g.Range(i, j)); !slices.Equal(got, ref[i:j]) {
			t.Fatalf("round %d: Range(%d, %d) has %d events, want %d", round, i, j, len(got), j-i)
		}
		if got := g.Slice(i); !slices.Equal(got, ref[i:]) {
			t.Fatalf("round %d: Slice(%d) has %d events, want %d", round, i, len(got), len(ref)-i)
		}
		if len(g.chunks) > (g.off+g.n)/eventChunk+1 || len(g.spare) > spareChunks {
			t.Fatalf("round %d: %d chunks (offset %d) and %d spare for %d events", round, len(g.chunks), g.off, len(g.spare), g.n)
		}
	}
}

// TestEventLogAppendKeepsChunks checks that appending never moves the
// events held: a chunk, once full, stays where it is.
func TestEventLogAppendKeepsChunks(t *testing.T) {
	var g eventLog
	g.Append(make([]trace.Event, eventChunk+10))
	first := &g.chunks[0][0]
	g.Append(make([]trace.Event, 3*eventChunk))
	if &g.chunks[0][0] != first || len(g.chunks) != 5 {
		t.Fatalf("the first chunk moved or %d chunks", len(g.chunks))
	}
	g.DropFront(2*eventChunk + 5)
	if len(g.chunks) != 3 || g.off != 5 || len(g.spare) != 2 || g.Len() != 2*eventChunk+5 {
		t.Fatalf("after the drop: %d chunks, offset %d, %d spare, %d events", len(g.chunks), g.off, len(g.spare), g.Len())
	}
	g.Append(make([]trace.Event, eventChunk))
	if len(g.spare) != 1 {
		t.Fatalf("a spare chunk was not reused: %d spare", len(g.spare))
	}
}
