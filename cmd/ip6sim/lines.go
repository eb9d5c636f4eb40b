package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// lineReader is a minimal prompt reader: it prints the prompt and reads
// one line from standard input.
type lineReader struct {
	prompt string
	in     *bufio.Scanner
}

func newLineReader(prompt string) (*lineReader, error) {
	return &lineReader{prompt: prompt, in: bufio.NewScanner(os.Stdin)}, nil
}

// Readline returns the next line, or io.EOF at the end of input.
func (r *lineReader) Readline() (string, error) {
	fmt.Print(r.prompt)
	if !r.in.Scan() {
		if err := r.in.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return r.in.Text(), nil
}

// Close releases the reader.
func (r *lineReader) Close() error { return nil }
