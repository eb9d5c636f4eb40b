module fib6lab/bench

go 1.26

require (
	fib6lab v0.0.0
	github.com/gaissmai/bart v0.30.0
	github.com/kentik/patricia v1.2.1
)

replace fib6lab => ../
