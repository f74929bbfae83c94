| satcover exact cover: 64 primary, 0 secondary items, 24 options
r1c1 r1c2 r1c3 r1c4 r2c1 r2c2 r2c3 r2c4 r3c1 r3c2 r3c3 r3c4 r4c1 r4c2 r4c3 r4c4 r1#1 r1#2 r1#3 r1#4 r2#1 r2#2 r2#3 r2#4 r3#1 r3#2 r3#3 r3#4 r4#1 r4#2 r4#3 r4#4 c1#1 c1#2 c1#3 c1#4 c2#1 c2#2 c2#3 c2#4 c3#1 c3#2 c3#3 c3#4 c4#1 c4#2 c4#3 c4#4 b1#1 b1#2 b1#3 b1#4 b2#1 b2#2 b2#3 b2#4 b3#1 b3#2 b3#3 b3#4 b4#1 b4#2 b4#3 b4#4
r1c1 r1#1 c1#1 b1#1
r1c2 r1#2 c2#2 b1#2
r1c2 r1#4 c2#4 b1#4
r1c3 r1#3 c3#3 b2#3
r1c3 r1#4 c3#4 b2#4
r1c4 r1#3 c4#3 b2#3
r2c1 r2#3 c1#3 b1#3
r2c1 r2#4 c1#4 b1#4
r2c2 r2#4 c2#4 b1#4
r2c3 r2#2 c3#2 b2#2
r2c4 r2#1 c4#1 b2#1
r2c4 r2#3 c4#3 b2#3
r3c1 r3#2 c1#2 b3#2
r3c1 r3#4 c1#4 b3#4
r3c2 r3#3 c2#3 b3#3
r3c3 r3#1 c3#1 b4#1
r3c4 r3#1 c4#1 b4#1
r3c4 r3#2 c4#2 b4#2
r4c1 r4#2 c1#2 b3#2
r4c2 r4#1 c2#1 b3#1
r4c2 r4#2 c2#2 b3#2
r4c3 r4#1 c3#1 b4#1
r4c3 r4#3 c3#3 b4#3
r4c4 r4#4 c4#4 b4#4
