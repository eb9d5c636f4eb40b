// Package fib6lab_test checks the import rules of ARCHITECTURE.md against
// every package of the module.
package fib6lab_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "fib6lab/"

// engineOrder ranks the engine packages: one may import only packages of a
// lower rank.
var engineOrder = map[string]int{
	"engine/errno": 0, "engine/trace": 0, "engine/kernel": 0, "engine/siphash": 0,
	"engine/lwtunnel": 1, "engine/ftrace": 1,
	"engine/fib6": 2, "engine/ila": 2,
	"engine/gc": 3, "engine/dst": 3,
	"engine/netns":    4,
	"engine/world":    5,
	"engine/iproute2": 6,
}

// forbidden lists, per package prefix, imports that must not appear.
var forbidden = map[string][]string{
	"engine/":       {"os", "os/exec", "syscall", "syscall/js", "net/http", "time"},
	"data":          {"syscall/js", "net/http"},
	"wasm/app":      {"syscall/js", "github.com/hajimehoshi/ebiten/v2", "github.com/tdewolff/canvas"},
	"wasm/share":    {"syscall/js", "github.com/hajimehoshi/ebiten/v2", "github.com/tdewolff/canvas"},
	"render/scene":  {"syscall/js", "github.com/hajimehoshi/ebiten/v2", "github.com/tdewolff/canvas"},
	"render/export": {"syscall/js", "github.com/hajimehoshi/ebiten/v2"},
	"wasm/game":     {"syscall/js"},
	"cmd/":          {"syscall/js", module + "wasm/game"},
	"cmd/server":    {module},
}

// under reports whether package dir falls under a rule's prefix: a prefix
// ending in "/" covers the packages below it, another names one package
// and those below it.
func under(dir, prefix string) bool {
	if strings.HasSuffix(prefix, "/") {
		return strings.HasPrefix(dir, prefix)
	}
	return dir == prefix || strings.HasPrefix(dir, prefix+"/")
}

// imports returns the non-test imports of every package directory under
// the module root, keyed by path relative to the module.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if n := d.Name(); path != "." && (strings.HasPrefix(n, ".") || n == "node_modules" || n == "testdata" || n == "bench") {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files for this platform
		}
		pkgs[filepath.ToSlash(path)] = p.Imports
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

func TestImportRules(t *testing.T) {
	pkgs := imports(t)
	for _, must := range []string{"engine/fib6", "engine/iproute2", "wasm/app", "render/scene", "cmd/ip6sim", "cmd/server"} {
		if _, ok := pkgs[must]; !ok {
			t.Fatalf("package %s not found: the rules check nothing", must)
		}
	}
	for dir, imps := range pkgs {
		for _, imp := range imps {
			if why := violation(dir, imp); why != "" {
				t.Errorf("%s imports %s: %s", dir, imp, why)
			}
		}
	}
}

// violation returns why dir may not import imp, or "".
func violation(dir, imp string) string {
	for prefix, bad := range forbidden {
		if !under(dir, prefix) {
			continue
		}
		for _, b := range bad {
			if imp == b || under(imp, b) {
				return "forbidden for " + prefix
			}
		}
	}
	rank, inEngine := engineOrder[dir]
	switch {
	case inEngine:
		if !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") && !strings.HasPrefix(imp, module) {
			return "" // standard library
		}
		r, ok := engineOrder[strings.TrimPrefix(imp, module)]
		if !ok || r >= rank {
			return "the engine imports only the standard library and lower engine packages"
		}
	case dir == "data" && strings.HasPrefix(imp, module):
		return "data imports only the standard library"
	case dir == "wasm/share" && strings.HasPrefix(imp, module) && !strings.HasPrefix(imp, module+"engine/"):
		return "wasm/share imports only the engine of this module"
	case (dir == "wasm/app" || dir == "render/scene") && strings.HasPrefix(imp, module):
		ok := strings.HasPrefix(imp, module+"engine/") || imp == module+"data" || imp == module+"wasm/share" ||
			dir == "render/scene" && imp == module+"wasm/app"
		if !ok {
			return "wasm/app and render/scene import the engine, data, wasm/share and (scene) app only"
		}
	case dir == "render/export" && strings.HasPrefix(imp, module) && imp != module+"render/scene":
		return "render/export imports only render/scene of this module"
	}
	return ""
}

func TestViolationCatchesBadImports(t *testing.T) {
	for _, c := range [][2]string{
		{"engine/fib6", "fib6lab/engine/netns"},
		{"engine/world", "fib6lab/engine/iproute2"},
		{"engine/gc", "time"},
		{"engine/trace", "fib6lab/engine/errno"},
		{"engine/netns", "github.com/hajimehoshi/ebiten/v2"},
		{"wasm/app", "syscall/js"},
		{"render/scene", "fib6lab/wasm/game"},
		{"cmd/server", "fib6lab/engine/netns"},
		{"cmd/ip6sim", "fib6lab/wasm/game"},
		{"data", "fib6lab/engine/fib6"},
	} {
		if violation(c[0], c[1]) == "" {
			t.Errorf("%s importing %s passed the rules", c[0], c[1])
		}
	}
	if why := violation("engine/iproute2", "fib6lab/engine/netns"); why != "" {
		t.Errorf("a legal import refused: %s", why)
	}
	if !slices.Contains(forbidden["engine/"], "time") {
		t.Error("the engine's wall-clock ban is gone")
	}
}
