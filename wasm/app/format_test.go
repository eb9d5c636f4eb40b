package app

import "testing"

func TestFormat(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Commas(0), "0"}, {Commas(999), "999"}, {Commas(1000), "1,000"}, {Commas(160147), "160,147"},
		{Commas(-1234567), "-1,234,567"}, {ShortCount(950), "950"}, {ShortCount(1234), "1.2k"},
		{ShortCount(160147), "160k"}, {ShortCount(2_500_000), "2.5M"},
		{SpeedName(1.0 / 16), "1/16"}, {SpeedName(2048), "2048"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if Percent(1, 0) != 0 || Percent(80000, 160000) != 50 {
		t.Error("Percent")
	}
}
