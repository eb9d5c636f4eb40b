// Package errno models the kernel's error returns as the engine reports
// them: a Linux errno number (include/uapi/asm-generic/errno*.h) and, when
// the kernel attaches one, the netlink extended-ack message (extack) that
// iproute2 prints as "Error: ...".
//
// The engine does not use package syscall so that it builds the same way
// for js/wasm and natively.
package errno

// Errno is a Linux errno value.
type Errno int

// The errno values the routing model returns (Linux numbering).
const (
	ENOENT        Errno = 2
	ESRCH         Errno = 3
	EAGAIN        Errno = 11
	ENOMEM        Errno = 12
	EACCES        Errno = 13
	EEXIST        Errno = 17
	ENODEV        Errno = 19
	EINVAL        Errno = 22
	ENFILE        Errno = 23
	ERANGE        Errno = 34
	EMSGSIZE      Errno = 90
	EOPNOTSUPP    Errno = 95
	EADDRNOTAVAIL Errno = 99
	ENETDOWN      Errno = 100
	ENETUNREACH   Errno = 101
	EHOSTUNREACH  Errno = 113
)

var messages = map[Errno]string{
	ENOENT:        "No such file or directory",
	ESRCH:         "No such process",
	EAGAIN:        "Resource temporarily unavailable",
	ENOMEM:        "Cannot allocate memory",
	EACCES:        "Permission denied",
	EEXIST:        "File exists",
	ENODEV:        "No such device",
	EINVAL:        "Invalid argument",
	ENFILE:        "Too many open files in system",
	ERANGE:        "Numerical result out of range",
	EMSGSIZE:      "Message too long",
	EOPNOTSUPP:    "Operation not supported",
	EADDRNOTAVAIL: "Cannot assign requested address",
	ENETDOWN:      "Network is down",
	ENETUNREACH:   "Network is unreachable",
	EHOSTUNREACH:  "No route to host",
}

// Error returns strerror(e), the text glibc prints for it.
func (e Errno) Error() string {
	if m, ok := messages[e]; ok {
		return m
	}
	return "Unknown error"
}

// Ack is an error with a netlink extended-ack message, as returned by a
// kernel function that calls NL_SET_ERR_MSG before failing.
type Ack struct {
	Errno Errno
	Msg   string // extack text, e.g. "Can not replace route - no match found"
}

// Error returns the extack message.
func (a *Ack) Error() string { return a.Msg }

// Unwrap exposes the errno so errors.Is(err, errno.ENOENT) works.
func (a *Ack) Unwrap() error { return a.Errno }

// WithMsg returns e with the extack message msg.
func WithMsg(e Errno, msg string) error { return &Ack{Errno: e, Msg: msg} }
