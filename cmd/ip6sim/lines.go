package main

import (
	"os"
	"path/filepath"

	"github.com/chzyer/readline"
)

// newLineReader returns an interactive line editor (github.com/chzyer/
// readline: arrow keys, Ctrl-R search, history kept in ~/.ip6sim_history).
func newLineReader(prompt string) (*readline.Instance, error) {
	cfg := &readline.Config{Prompt: prompt, HistoryLimit: 1000, InterruptPrompt: "^C", EOFPrompt: "exit"}
	if home, err := os.UserHomeDir(); err == nil {
		cfg.HistoryFile = filepath.Join(home, ".ip6sim_history")
	}
	return readline.NewEx(cfg)
}
