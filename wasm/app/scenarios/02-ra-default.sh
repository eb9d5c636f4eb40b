# A default route learnt from a Router Advertisement (proto ra) lives for
# the router lifetime; when nobody refreshes it, GC removes it.
# > A router on eth0 advertises itself for 30 seconds.
ip -6 route add default via fe80::1 dev eth0 proto ra expires 30
ip -6 route show default
# > A lookup of a remote address is answered by the default route at the root.
ip -6 route get 2001:4860::1
# > No further advertisement arrives: 30 s later it has expired.
sleep 32
# > The next GC timer run deletes it.
sleep 30
ip -6 route show default
ip -6 route get 2001:4860::1
