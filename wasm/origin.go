//go:build js && wasm

package main

import "syscall/js"

// canvasOrigin returns the top-left corner of ebiten's canvas in the
// window, in CSS pixels: web/style.css puts the page's toolbar above it
// (game.Game.Origin). Before the canvas exists it is (0, 0).
func canvasOrigin() (float64, float64) {
	c := js.Global().Get("document").Call("querySelector", "canvas")
	if !c.Truthy() {
		return 0, 0
	}
	r := c.Call("getBoundingClientRect")
	return r.Get("left").Float(), r.Get("top").Float()
}
