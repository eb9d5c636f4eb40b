package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

func TestReadLine(t *testing.T) {
	in := "short\r\n" + strings.Repeat("x", 10) + "\n" + strings.Repeat("y", 11) + "\r\n" +
		strings.Repeat("z", 100) + "\n\nlast"
	br := bufio.NewReaderSize(strings.NewReader(in), 16) // lines come in pieces
	type res struct {
		line string
		n    int
		err  error
	}
	want := []res{{"short\r", 6, nil}, {strings.Repeat("x", 10), 10, nil}, {"", 12, nil}, {"", 100, nil}, {"", 0, nil}, {"last", 4, nil}, {"", 0, io.EOF}}
	for i, w := range want {
		line, n, err := readLine(br, 10)
		if (res{line, n, err}) != w {
			t.Errorf("line %d: %q %d %v, want %q %d %v", i+1, line, n, err, w.line, w.n, w.err)
		}
	}
	// "\r" the last byte of a full buffer, "\n" the next piece: the
	// "\r" stays, as bash keeps it
	br = bufio.NewReaderSize(strings.NewReader("abcdefghijklmno\r\n"), 16)
	if line, n, err := readLine(br, 20); line != "abcdefghijklmno\r" || n != 16 || err != nil {
		t.Errorf("CR LF across pieces: %q %d %v", line, n, err)
	}
}

// A line of 3 MiB is read keeping nothing: the bytes readLine allocates
// stay within a small multiple of max however long the line.
func TestReadLineKeepsAtMostMax(t *testing.T) {
	long := strings.Repeat("a", 3<<20) + "\nnext\n"
	br := bufio.NewReader(strings.NewReader(long))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	line, n, err := readLine(br, 4096)
	runtime.ReadMemStats(&after)
	if line != "" || n != 3<<20 || err != nil {
		t.Fatalf("%d bytes kept, n %d, %v", len(line), n, err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<10 {
		t.Errorf("reading a 3 MiB line allocated %d bytes, want at most 64 KiB", alloc)
	}
	if line, n, _ := readLine(br, 4096); line != "next" || n != 4 {
		t.Errorf("next line %q", line)
	}
}

func TestTypedLimit(t *testing.T) {
	mark := string(overflowMark)
	for _, c := range []struct{ name, in, want string }{
		{"short lines pass", "ab\rcd\n", "ab\rcd\n"},
		{"at the limit", "12345678\r", "12345678\r"},
		{"past the limit", "123456789abc\r123\r", "12345678" + mark + "\r123\r"},
		{"Ctrl-C ends the line", "1234567\x03123456789\r", "1234567\x03" + "12345678" + mark + "\r"},
		{"escape sequence kept whole", "1234567\x1b[1;5Cxyz\r", "1234567\x1b[1;5C" + mark + "\r"},
		{"meta key kept whole", "1234567\x1bbxyz\r", "1234567\x1bb" + mark + "\r"},
		{"UTF-8 kept whole", "1234567\u00e9xyz\r", "1234567\u00e9" + mark + "\r"},
	} {
		tl := &typedLimit{r: io.NopCloser(iotestOneByte(c.in)), limit: 8}
		got, err := io.ReadAll(tl)
		if string(got) != c.want || err != nil || tl.passed != int64(len(c.want)) {
			t.Errorf("%s: %q (%d passed), %v; want %q", c.name, got, tl.passed, err, c.want)
		}
	}
}

// iotestOneByte reads s a byte per Read, as keys come from a terminal.
func iotestOneByte(s string) io.Reader { return &oneByte{s} }

type oneByte struct{ s string }

func (o *oneByte) Read(p []byte) (int, error) {
	if o.s == "" {
		return 0, io.EOF
	}
	p[0], o.s = o.s[0], o.s[1:]
	return 1, nil
}

// A 1 MiB paste passes promptLimit bytes and the mark to the line editor
// and drops the rest in Reads that each return data (never (0, nil) in a
// row, which bufio would give up on).
func TestTypedLimitLargePaste(t *testing.T) {
	in := strings.Repeat("x", 1<<20) + "\recho next\r"
	tl := &typedLimit{r: io.NopCloser(strings.NewReader(in)), limit: promptLimit}
	br := bufio.NewReader(tl)
	first, err := br.ReadString('\r')
	if err != nil || len(first) != promptLimit+len(string(overflowMark))+1 {
		t.Fatalf("first line: %d bytes, %v", len(first), err)
	}
	if rest, _ := io.ReadAll(br); string(rest) != "echo next\r" {
		t.Errorf("then %q", rest)
	}
	if want := int64(promptLimit + 3 + 1 + 10); tl.passed != want {
		t.Errorf("%d bytes passed, want %d", tl.passed, want)
	}
}

// Lines from a pipe: a 1 MB `ip` line fails as execve would, a 5 MiB
// line (its "\r" counted, as bash keeps it) is refused with the shell's
// message, and the lines after each run.
func TestPipePromptLongLines(t *testing.T) {
	var in bytes.Buffer
	fmt.Fprintf(&in, "ip -6 route add 2001:db8::/64 dev lo proto %s\n", strings.Repeat("x", 1000000))
	fmt.Fprintf(&in, "echo next $?\n")
	fmt.Fprintf(&in, "echo %s\r\n", strings.Repeat("y", 5<<20))
	fmt.Fprintf(&in, "echo next $?\n")
	fmt.Fprintf(&in, "echo %s\n", strings.Repeat("z", 4<<20-5))
	fmt.Fprintf(&in, "echo last $?")
	cmd := ip6sim(t)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if rc := exitCode(t, err); rc != 0 {
		t.Errorf("status %d", rc)
	}
	want := "bash: line 1: /usr/sbin/ip: Argument list too long\nnext 126\n" +
		"bash: line 3: line too long: 5242886 bytes (fib6lab limit 4194304)\nnext 2\n" +
		strings.Repeat("z", 4<<20-5) + "\nlast 0\n"
	if string(out) != want {
		t.Errorf("output (%d bytes) differs: %.300q", len(out), out)
	}
}

// At the prompt (from a pipe) `exit N` ends ip6sim with N, as it ends
// bash, even inside a list; a "\r" before a newline stays in the line.
func TestPromptExit(t *testing.T) {
	cmd := ip6sim(t)
	cmd.Stdin = strings.NewReader("echo a\r\nnosuch\r\necho b; exit 3; echo no\necho no\n")
	out, err := cmd.CombinedOutput()
	want := "a\r\nbash: line 2: $'nosuch\\r': command not found\nb\n"
	if rc := exitCode(t, err); rc != 3 || string(out) != want {
		t.Errorf("status %d, output %q; want 3, %q", rc, out, want)
	}
}
