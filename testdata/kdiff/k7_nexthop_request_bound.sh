# iproute2's nexthop request (ipnh_modify) has 1024 bytes for attributes
# (1048 with its headers); addattr_l refuses one that does not fit and
# says so: a group (8 bytes a member) of more than 126 members is then
# invalid; an id, a type or the resilient arguments that no longer fit
# are left out (a resilient group without its type attribute is a
# hash-threshold one; its NHA_RES_GROUP left alone is refused by the
# kernel)
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip nexthop add id 1 via 2001:db8:1::2 dev va
ip nexthop add id 2 via 2001:db8:1::3 dev va
ip nexthop add id 3 via 2001:db8:1::4 dev va
ip nexthop add id 4 via 2001:db8:1::5 dev va
ip nexthop add id 5 via 2001:db8:1::6 dev va
ip nexthop add id 6 via 2001:db8:1::7 dev va
ip nexthop add id 7 via 2001:db8:1::8 dev va
ip nexthop add id 8 via 2001:db8:1::9 dev va
ip nexthop add id 9 via 2001:db8:1::a dev va
ip nexthop add id 10 via 2001:db8:1::b dev va
ip nexthop add id 11 via 2001:db8:1::c dev va
ip nexthop add id 12 via 2001:db8:1::d dev va
ip nexthop add id 13 via 2001:db8:1::e dev va
ip nexthop add id 14 via 2001:db8:1::f dev va
ip nexthop add id 15 via 2001:db8:1::10 dev va
ip nexthop add id 16 via 2001:db8:1::11 dev va
ip nexthop add id 17 via 2001:db8:1::12 dev va
ip nexthop add id 18 via 2001:db8:1::13 dev va
ip nexthop add id 19 via 2001:db8:1::14 dev va
ip nexthop add id 20 via 2001:db8:1::15 dev va
ip nexthop add id 21 via 2001:db8:1::16 dev va
ip nexthop add id 22 via 2001:db8:1::17 dev va
ip nexthop add id 23 via 2001:db8:1::18 dev va
ip nexthop add id 24 via 2001:db8:1::19 dev va
ip nexthop add id 25 via 2001:db8:1::1a dev va
ip nexthop add id 26 via 2001:db8:1::1b dev va
ip nexthop add id 27 via 2001:db8:1::1c dev va
ip nexthop add id 28 via 2001:db8:1::1d dev va
ip nexthop add id 29 via 2001:db8:1::1e dev va
ip nexthop add id 30 via 2001:db8:1::1f dev va
ip nexthop add id 31 via 2001:db8:1::20 dev va
ip nexthop add id 32 via 2001:db8:1::21 dev va
ip nexthop add id 33 via 2001:db8:1::22 dev va
ip nexthop add id 34 via 2001:db8:1::23 dev va
ip nexthop add id 35 via 2001:db8:1::24 dev va
ip nexthop add id 36 via 2001:db8:1::25 dev va
ip nexthop add id 37 via 2001:db8:1::26 dev va
ip nexthop add id 38 via 2001:db8:1::27 dev va
ip nexthop add id 39 via 2001:db8:1::28 dev va
ip nexthop add id 40 via 2001:db8:1::29 dev va
ip nexthop add id 41 via 2001:db8:1::2a dev va
ip nexthop add id 42 via 2001:db8:1::2b dev va
ip nexthop add id 43 via 2001:db8:1::2c dev va
ip nexthop add id 44 via 2001:db8:1::2d dev va
ip nexthop add id 45 via 2001:db8:1::2e dev va
ip nexthop add id 46 via 2001:db8:1::2f dev va
ip nexthop add id 47 via 2001:db8:1::30 dev va
ip nexthop add id 48 via 2001:db8:1::31 dev va
ip nexthop add id 49 via 2001:db8:1::32 dev va
ip nexthop add id 50 via 2001:db8:1::33 dev va
ip nexthop add id 51 via 2001:db8:1::34 dev va
ip nexthop add id 52 via 2001:db8:1::35 dev va
ip nexthop add id 53 via 2001:db8:1::36 dev va
ip nexthop add id 54 via 2001:db8:1::37 dev va
ip nexthop add id 55 via 2001:db8:1::38 dev va
ip nexthop add id 56 via 2001:db8:1::39 dev va
ip nexthop add id 57 via 2001:db8:1::3a dev va
ip nexthop add id 58 via 2001:db8:1::3b dev va
ip nexthop add id 59 via 2001:db8:1::3c dev va
ip nexthop add id 60 via 2001:db8:1::3d dev va
ip nexthop add id 61 via 2001:db8:1::3e dev va
ip nexthop add id 62 via 2001:db8:1::3f dev va
ip nexthop add id 63 via 2001:db8:1::40 dev va
ip nexthop add id 64 via 2001:db8:1::41 dev va
ip nexthop add id 65 via 2001:db8:1::42 dev va
ip nexthop add id 66 via 2001:db8:1::43 dev va
ip nexthop add id 67 via 2001:db8:1::44 dev va
ip nexthop add id 68 via 2001:db8:1::45 dev va
ip nexthop add id 69 via 2001:db8:1::46 dev va
ip nexthop add id 70 via 2001:db8:1::47 dev va
ip nexthop add id 71 via 2001:db8:1::48 dev va
ip nexthop add id 72 via 2001:db8:1::49 dev va
ip nexthop add id 73 via 2001:db8:1::4a dev va
ip nexthop add id 74 via 2001:db8:1::4b dev va
ip nexthop add id 75 via 2001:db8:1::4c dev va
ip nexthop add id 76 via 2001:db8:1::4d dev va
ip nexthop add id 77 via 2001:db8:1::4e dev va
ip nexthop add id 78 via 2001:db8:1::4f dev va
ip nexthop add id 79 via 2001:db8:1::50 dev va
ip nexthop add id 80 via 2001:db8:1::51 dev va
ip nexthop add id 81 via 2001:db8:1::52 dev va
ip nexthop add id 82 via 2001:db8:1::53 dev va
ip nexthop add id 83 via 2001:db8:1::54 dev va
ip nexthop add id 84 via 2001:db8:1::55 dev va
ip nexthop add id 85 via 2001:db8:1::56 dev va
ip nexthop add id 86 via 2001:db8:1::57 dev va
ip nexthop add id 87 via 2001:db8:1::58 dev va
ip nexthop add id 88 via 2001:db8:1::59 dev va
ip nexthop add id 89 via 2001:db8:1::5a dev va
ip nexthop add id 90 via 2001:db8:1::5b dev va
ip nexthop add id 91 via 2001:db8:1::5c dev va
ip nexthop add id 92 via 2001:db8:1::5d dev va
ip nexthop add id 93 via 2001:db8:1::5e dev va
ip nexthop add id 94 via 2001:db8:1::5f dev va
ip nexthop add id 95 via 2001:db8:1::60 dev va
ip nexthop add id 96 via 2001:db8:1::61 dev va
ip nexthop add id 97 via 2001:db8:1::62 dev va
ip nexthop add id 98 via 2001:db8:1::63 dev va
ip nexthop add id 99 via 2001:db8:1::64 dev va
ip nexthop add id 100 via 2001:db8:1::65 dev va
ip nexthop add id 101 via 2001:db8:1::66 dev va
ip nexthop add id 102 via 2001:db8:1::67 dev va
ip nexthop add id 103 via 2001:db8:1::68 dev va
ip nexthop add id 104 via 2001:db8:1::69 dev va
ip nexthop add id 105 via 2001:db8:1::6a dev va
ip nexthop add id 106 via 2001:db8:1::6b dev va
ip nexthop add id 107 via 2001:db8:1::6c dev va
ip nexthop add id 108 via 2001:db8:1::6d dev va
ip nexthop add id 109 via 2001:db8:1::6e dev va
ip nexthop add id 110 via 2001:db8:1::6f dev va
ip nexthop add id 111 via 2001:db8:1::70 dev va
ip nexthop add id 112 via 2001:db8:1::71 dev va
ip nexthop add id 113 via 2001:db8:1::72 dev va
ip nexthop add id 114 via 2001:db8:1::73 dev va
ip nexthop add id 115 via 2001:db8:1::74 dev va
ip nexthop add id 116 via 2001:db8:1::75 dev va
ip nexthop add id 117 via 2001:db8:1::76 dev va
ip nexthop add id 118 via 2001:db8:1::77 dev va
ip nexthop add id 119 via 2001:db8:1::78 dev va
ip nexthop add id 120 via 2001:db8:1::79 dev va
ip nexthop add id 121 via 2001:db8:1::7a dev va
ip nexthop add id 122 via 2001:db8:1::7b dev va
ip nexthop add id 123 via 2001:db8:1::7c dev va
ip nexthop add id 124 via 2001:db8:1::7d dev va
ip nexthop add id 125 via 2001:db8:1::7e dev va
ip nexthop add id 126 via 2001:db8:1::7f dev va
ip nexthop add id 127 via 2001:db8:1::80 dev va
ip nexthop add id 128 via 2001:db8:1::81 dev va
ip nexthop add id 129 via 2001:db8:1::82 dev va
ip nexthop add id 130 via 2001:db8:1::83 dev va
ip nexthop add id 1126 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126
ip nexthop add id 1127 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126/127
ip nexthop add id 2126 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126 type resilient
ip nexthop add id 2127 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126/127 type resilient
ip nexthop add id 1125 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125 type resilient buckets 8
ip nexthop add id 1124 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124 type resilient buckets 8
ip nexthop add id 2124 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124 type resilient buckets 8 idle_timer 5
ip nexthop add id 5124 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123 type resilient buckets 4 idle_timer 3 unbalanced_timer 7
ip nexthop add id 6124 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122 type resilient buckets 4 idle_timer 3 unbalanced_timer 7
ip nexthop add group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126/127 id 9127
ip nexthop add group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126 id 9126
ip nexthop add id 3126 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126 type mpath
ip nexthop add id 3125 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125 type resilient
ip nexthop add id 4125 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125 type resilient id 4444
ip nexthop add id 7125 group 1,2/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126/127
ip nexthop add id 7126 group 1,2/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125
ip nexthop add id 7127 group 1,300/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126/127
ip nexthop add id 7128 group x/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126/127
ip nexthop del id 7 group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126/127
ip nexthop del group 1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/33/34/35/36/37/38/39/40/41/42/43/44/45/46/47/48/49/50/51/52/53/54/55/56/57/58/59/60/61/62/63/64/65/66/67/68/69/70/71/72/73/74/75/76/77/78/79/80/81/82/83/84/85/86/87/88/89/90/91/92/93/94/95/96/97/98/99/100/101/102/103/104/105/106/107/108/109/110/111/112/113/114/115/116/117/118/119/120/121/122/123/124/125/126 id 7
ip nexthop show groups
