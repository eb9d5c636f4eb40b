module fib6lab

go 1.26
