package app

import (
	"runtime"
	"runtime/metrics"
	"testing"
)

// BenchmarkGCCycle measures what one Go garbage-collector cycle costs the
// page when both namespaces hold many routes: the full table plus `gen
// routes 100000` six times (760,147 routes in each, the browser's
// acceptance figure) or nine times (1,060,147, or as many as the page's memory budget lets in), laid out as the page lays
// them out. It reports one forced cycle (runtime.GC) in ms, and the live
// heap's objects and bytes per route of the two namespaces. It is a
// measurement, not a check:
//
//	go test -run '^$' -bench GCCycle -benchtime 5x ./wasm/app/
func BenchmarkGCCycle(b *testing.B) {
	for _, c := range []struct {
		name string
		gens int
	}{{"760k", 6}, {"1M", 9}} {
		b.Run(c.name, func(b *testing.B) {
			s := loadedSim(b, full(b), 0)
			for i := range c.gens {
				s.Submit(genLine(100000, i+1))
				frameUntilIdle(b, s)
			}
			for range 100 { // lets the big layouts finish over frames
				s.Frame(frame)
			}
			routes := 0
			for _, l := range s.Lanes {
				routes += l.Routes()
			}
			b.ResetTimer()
			for b.Loop() {
				runtime.GC()
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/GC")
			b.ReportMetric(0, "ns/op")
			objs, bytes := liveHeap()
			b.ReportMetric(float64(objs)/float64(routes), "objects/route")
			b.ReportMetric(float64(bytes)/float64(routes), "bytes/route")
			b.ReportMetric(float64(routes/2), "routes/netns")
			runtime.KeepAlive(s)
		})
	}
}

// liveHeap returns the objects and bytes live after the last GC cycle.
func liveHeap() (objects, bytes uint64) {
	s := []metrics.Sample{{Name: "/gc/heap/objects:objects"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Uint64()
}
