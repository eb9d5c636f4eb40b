// Command ip6sim runs iproute2 command scripts against a simulated Linux
// IPv6 namespace (engine/iproute2 over engine/netns) and prints exactly
// what the commands print on Linux. With -f it runs a script; without
// arguments it is an interactive prompt with line editing and history.
// --export FILE writes table main's trie after the script and
// --export-plot FILE the measured GC cost per pass (.svg, .pdf or .png).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/chzyer/readline"

	"fib6lab/engine/gc"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
)

func main() {
	file := flag.String("f", "", "run the commands of this script file and exit")
	hz := flag.Int64("hz", netns.DefaultHZ, "kernel tick rate (CONFIG_HZ)")
	strategy := flag.String("gc", gc.GCList.String(), "GC strategy: trie-walk or gc-list")
	exportPath := flag.String("export", "", "after the script, draw table main's trie to this file (.svg, .pdf or .png)")
	plotPath := flag.String("export-plot", "", "measure a GC pass of both strategies and plot it to this file (.svg, .pdf or .png)")
	kernel := flag.String("kernel", "", "modelled kernel release, as the `kernel VERSION` command (e.g. 6.1)")
	flag.Parse()
	s, err := gc.ParseStrategy(*strategy)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	sh := iproute2.NewShell(netns.New(*hz, s))
	if *kernel != "" {
		if err := sh.NS.SetKernel(*kernel); err != nil {
			fmt.Fprintln(os.Stderr, "ip6sim: --kernel:", err)
			os.Exit(2)
		}
	}
	if *file != "" || *exportPath != "" || *plotPath != "" {
		os.Exit(batch(sh, *file, *exportPath, *plotPath))
	}
	os.Exit(interactive(sh))
}

func runFile(sh *iproute2.Shell, path string) int {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer f.Close()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	return sh.RunScript(f, w)
}

// interactive reads commands from the terminal until EOF or `exit`.
func interactive(sh *iproute2.Shell) int {
	rl, err := newLineReader("ip6sim# ")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer rl.Close()
	for {
		line, err := rl.Readline()
		if err == io.EOF {
			return sh.Status
		}
		if err == readline.ErrInterrupt {
			continue
		}
		if strings.TrimSpace(line) == "exit" {
			return sh.Status
		}
		sh.Run(line, os.Stdout)
	}
}
