//go:build js && wasm

// Command exportwasm is web/export.wasm, the page's export module: it
// holds tdewolff/canvas (package wasm/export), which would double the
// main module, so the page loads it only on the first export. It
// registers window.fib6export.render(sceneBytes, format), which decodes a
// scene encoded by window.fib6lab.scene() (scene.Encode) and returns the
// SVG, PDF or PNG file as a Uint8Array, or {error: message}.
package main

import (
	"bytes"
	"fmt"
	"syscall/js"

	"fib6lab/render/export"
	"fib6lab/render/scene"
)

func main() {
	js.Global().Set("fib6export", js.ValueOf(map[string]any{
		"render": js.FuncOf(render),
	}))
	select {} // serve calls until the page goes away
}

// render is fib6export.render(sceneBytes, format).
func render(_ js.Value, a []js.Value) (ret any) {
	defer func() {
		if r := recover(); r != nil {
			ret = map[string]any{"error": fmt.Sprint("export panic: ", r)}
		}
	}()
	if len(a) < 2 || a[0].Type() != js.TypeObject || a[1].Type() != js.TypeString {
		return map[string]any{"error": "render(sceneBytes Uint8Array, format string)"}
	}
	in := make([]byte, a[0].Get("length").Int())
	js.CopyBytesToGo(in, a[0])
	s, err := scene.Decode(in)
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	var out bytes.Buffer
	if err := export.Write(&out, s, a[1].String()); err != nil {
		return map[string]any{"error": err.Error()}
	}
	arr := js.Global().Get("Uint8Array").New(out.Len())
	js.CopyBytesToJS(arr, out.Bytes())
	return arr
}
