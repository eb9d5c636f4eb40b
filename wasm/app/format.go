package app

import (
	"fmt"
	"math"
	"strings"
)

// Percent returns 100*a/b, 0 when b is 0.
func Percent(a, b int) int {
	if b == 0 {
		return 0
	}
	return 100 * a / b
}

// Commas formats n with thousands separators.
func Commas(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + Commas(-n)
	}
	var sb strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			sb.WriteByte(',')
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

// ShortCount formats a route count compactly: 7, 950, 12k, 1.2M.
func ShortCount(n int) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%dk", n/1000)
	case n >= 1000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

// SpeedName formats a speed in events per frame: 1/16 .. 4096.
func SpeedName(v float64) string {
	if v < 1 {
		return fmt.Sprintf("1/%d", int(math.Round(1/v)))
	}
	return fmt.Sprint(v)
}
