package iproute2

import "fmt"

// Sizes of the RTM_NEWNEXTHOP / RTM_DELNEXTHOP request ipnh_modify builds
// (ip/ipnexthop.c): a struct nlmsghdr (16 bytes) and a struct nhmsg (8)
// followed by a 1024-byte buffer for the attributes. addattr_l keeps the
// message within the whole structure: 1048 bytes, of which the
// attributes have 1024.
const (
	nhReqHeader = 16 + 8
	nhReqBound  = nhReqHeader + 1024
	rtaHeader   = 4 // struct rtattr: rta_len and rta_type
)

// rtaAlign is RTA_ALIGN (and NLMSG_ALIGN): n bytes rounded up to 4.
func rtaAlign(n int) int { return (n + 3) &^ 3 }

// addAttr models addattr_l on the request for an attribute with an
// n-byte payload: when the message would pass nhReqBound, iproute2
// prints its complaint and leaves the attribute out (false); the
// callers, apart from the group's, go on without it. Otherwise the
// message grows by the aligned attribute (true).
func (r *nhRequest) addAttr(n int) bool {
	size := rtaAlign(rtaHeader + n)
	if rtaAlign(r.msgLen)+size > nhReqBound {
		fmt.Fprintf(r.out, "addattr_l ERROR: message exceeded bound of %d\n", nhReqBound)
		return false
	}
	r.msgLen = rtaAlign(r.msgLen) + size
	return true
}
