| satcover exact cover: 15 primary, 50 secondary items, 136 options
R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 C1 C2 C3 C4 C5 | r1c1 r1c2 r1c3 r1c4 r1c5 r2c1 r2c2 r2c3 r2c4 r2c5 r3c1 r3c2 r3c3 r3c4 r3c5 r4c1 r4c2 r4c3 r4c4 r4c5 r5c1 r5c2 r5c3 r5c4 r5c5 r6c1 r6c2 r6c3 r6c4 r6c5 r7c1 r7c2 r7c3 r7c4 r7c5 r8c1 r8c2 r8c3 r8c4 r8c5 r9c1 r9c2 r9c3 r9c4 r9c5 r10c1 r10c2 r10c3 r10c4 r10c5
R1 r1c1:W r1c2:W r1c3:W r1c4:B r1c5:B
R1 r1c1:W r1c2:W r1c3:B r1c4:B r1c5:W
R1 r1c1:W r1c2:B r1c3:B r1c4:W r1c5:W
R1 r1c1:B r1c2:B r1c3:W r1c4:W r1c5:W
R2 r2c1:W r2c2:B r2c3:B r2c4:W r2c5:B
R2 r2c1:B r2c2:B r2c3:W r2c4:W r2c5:B
R2 r2c1:B r2c2:B r2c3:W r2c4:B r2c5:W
R3 r3c1:W r3c2:W r3c3:B r3c4:W r3c5:B
R3 r3c1:W r3c2:B r3c3:W r3c4:W r3c5:B
R3 r3c1:W r3c2:B r3c3:W r3c4:B r3c5:W
R3 r3c1:B r3c2:W r3c3:W r3c4:W r3c5:B
R3 r3c1:B r3c2:W r3c3:W r3c4:B r3c5:W
R3 r3c1:B r3c2:W r3c3:B r3c4:W r3c5:W
R4 r4c1:W r4c2:W r4c3:B r4c4:B r4c5:B
R4 r4c1:W r4c2:B r4c3:B r4c4:B r4c5:W
R4 r4c1:B r4c2:B r4c3:B r4c4:W r4c5:W
R5 r5c1:W r5c2:W r5c3:B r5c4:W r5c5:B
R5 r5c1:W r5c2:B r5c3:W r5c4:W r5c5:B
R5 r5c1:W r5c2:B r5c3:W r5c4:B r5c5:W
R5 r5c1:B r5c2:W r5c3:W r5c4:W r5c5:B
R5 r5c1:B r5c2:W r5c3:W r5c4:B r5c5:W
R5 r5c1:B r5c2:W r5c3:B r5c4:W r5c5:W
R6 r6c1:W r6c2:W r6c3:B r6c4:W r6c5:B
R6 r6c1:W r6c2:B r6c3:W r6c4:W r6c5:B
R6 r6c1:W r6c2:B r6c3:W r6c4:B r6c5:W
R6 r6c1:B r6c2:W r6c3:W r6c4:W r6c5:B
R6 r6c1:B r6c2:W r6c3:W r6c4:B r6c5:W
R6 r6c1:B r6c2:W r6c3:B r6c4:W r6c5:W
R7 r7c1:W r7c2:W r7c3:W r7c4:B r7c5:B
R7 r7c1:W r7c2:W r7c3:B r7c4:B r7c5:W
R7 r7c1:W r7c2:B r7c3:B r7c4:W r7c5:W
R7 r7c1:B r7c2:B r7c3:W r7c4:W r7c5:W
R8 r8c1:W r8c2:W r8c3:B r8c4:W r8c5:B
R8 r8c1:W r8c2:B r8c3:W r8c4:W r8c5:B
R8 r8c1:W r8c2:B r8c3:W r8c4:B r8c5:W
R8 r8c1:B r8c2:W r8c3:W r8c4:W r8c5:B
R8 r8c1:B r8c2:W r8c3:W r8c4:B r8c5:W
R8 r8c1:B r8c2:W r8c3:B r8c4:W r8c5:W
R9 r9c1:W r9c2:B r9c3:W r9c4:B r9c5:B
R9 r9c1:B r9c2:W r9c3:W r9c4:B r9c5:B
R9 r9c1:B r9c2:W r9c3:B r9c4:B r9c5:W
R10 r10c1:W r10c2:W r10c3:W r10c4:B r10c5:B
R10 r10c1:W r10c2:W r10c3:B r10c4:B r10c5:W
R10 r10c1:W r10c2:B r10c3:B r10c4:W r10c5:W
R10 r10c1:B r10c2:B r10c3:W r10c4:W r10c5:W
C1 r1c1:W r2c1:W r3c1:W r4c1:W r5c1:W r6c1:W r7c1:B r8c1:B r9c1:W r10c1:B
C1 r1c1:W r2c1:W r3c1:W r4c1:W r5c1:W r6c1:B r7c1:B r8c1:W r9c1:W r10c1:B
C1 r1c1:W r2c1:W r3c1:W r4c1:W r5c1:W r6c1:B r7c1:B r8c1:W r9c1:B r10c1:W
C1 r1c1:W r2c1:W r3c1:W r4c1:W r5c1:B r6c1:B r7c1:W r8c1:W r9c1:W r10c1:B
C1 r1c1:W r2c1:W r3c1:W r4c1:W r5c1:B r6c1:B r7c1:W r8c1:W r9c1:B r10c1:W
C1 r1c1:W r2c1:W r3c1:W r4c1:W r5c1:B r6c1:B r7c1:W r8c1:B r9c1:W r10c1:W
C1 r1c1:W r2c1:W r3c1:W r4c1:B r5c1:B r6c1:W r7c1:W r8c1:W r9c1:W r10c1:B
C1 r1c1:W r2c1:W r3c1:W r4c1:B r5c1:B r6c1:W r7c1:W r8c1:W r9c1:B r10c1:W
C1 r1c1:W r2c1:W r3c1:W r4c1:B r5c1:B r6c1:W r7c1:W r8c1:B r9c1:W r10c1:W
C1 r1c1:W r2c1:W r3c1:W r4c1:B r5c1:B r6c1:W r7c1:B r8c1:W r9c1:W r10c1:W
C1 r1c1:W r2c1:W r3c1:B r4c1:B r5c1:W r6c1:W r7c1:W r8c1:W r9c1:W r10c1:B
C1 r1c1:W r2c1:W r3c1:B r4c1:B r5c1:W r6c1:W r7c1:W r8c1:W r9c1:B r10c1:W
C1 r1c1:W r2c1:W r3c1:B r4c1:B r5c1:W r6c1:W r7c1:W r8c1:B r9c1:W r10c1:W
C1 r1c1:W r2c1:W r3c1:B r4c1:B r5c1:W r6c1:W r7c1:B r8c1:W r9c1:W r10c1:W
C1 r1c1:W r2c1:W r3c1:B r4c1:B r5c1:W r6c1:B r7c1:W r8c1:W r9c1:W r10c1:W
C1 r1c1:W r2c1:B r3c1:B r4c1:W r5c1:W r6c1:W r7c1:W r8c1:W r9c1:W r10c1:B
C1 r1c1:W r2c1:B r3c1:B r4c1:W r5c1:W r6c1:W r7c1:W r8c1:W r9c1:B r10c1:W
C1 r1c1:W r2c1:B r3c1:B r4c1:W r5c1:W r6c1:W r7c1:W r8c1:B r9c1:W r10c1:W
C1 r1c1:W r2c1:B r3c1:B r4c1:W r5c1:W r6c1:W r7c1:B r8c1:W r9c1:W r10c1:W
C1 r1c1:W r2c1:B r3c1:B r4c1:W r5c1:W r6c1:B r7c1:W r8c1:W r9c1:W r10c1:W
C1 r1c1:W r2c1:B r3c1:B r4c1:W r5c1:B r6c1:W r7c1:W r8c1:W r9c1:W r10c1:W
C1 r1c1:B r2c1:B r3c1:W r4c1:W r5c1:W r6c1:W r7c1:W r8c1:W r9c1:W r10c1:B
C1 r1c1:B r2c1:B r3c1:W r4c1:W r5c1:W r6c1:W r7c1:W r8c1:W r9c1:B r10c1:W
C1 r1c1:B r2c1:B r3c1:W r4c1:W r5c1:W r6c1:W r7c1:W r8c1:B r9c1:W r10c1:W
C1 r1c1:B r2c1:B r3c1:W r4c1:W r5c1:W r6c1:W r7c1:B r8c1:W r9c1:W r10c1:W
C1 r1c1:B r2c1:B r3c1:W r4c1:W r5c1:W r6c1:B r7c1:W r8c1:W r9c1:W r10c1:W
C1 r1c1:B r2c1:B r3c1:W r4c1:W r5c1:B r6c1:W r7c1:W r8c1:W r9c1:W r10c1:W
C1 r1c1:B r2c1:B r3c1:W r4c1:B r5c1:W r6c1:W r7c1:W r8c1:W r9c1:W r10c1:W
C2 r1c2:W r2c2:W r3c2:B r4c2:B r5c2:W r6c2:B r7c2:W r8c2:B r9c2:B r10c2:B
C2 r1c2:W r2c2:B r3c2:B r4c2:W r5c2:W r6c2:B r7c2:W r8c2:B r9c2:B r10c2:B
C2 r1c2:W r2c2:B r3c2:B r4c2:W r5c2:B r6c2:W r7c2:W r8c2:B r9c2:B r10c2:B
C2 r1c2:W r2c2:B r3c2:B r4c2:W r5c2:B r6c2:W r7c2:B r8c2:B r9c2:B r10c2:W
C2 r1c2:B r2c2:B r3c2:W r4c2:W r5c2:W r6c2:B r7c2:W r8c2:B r9c2:B r10c2:B
C2 r1c2:B r2c2:B r3c2:W r4c2:W r5c2:B r6c2:W r7c2:W r8c2:B r9c2:B r10c2:B
C2 r1c2:B r2c2:B r3c2:W r4c2:W r5c2:B r6c2:W r7c2:B r8c2:B r9c2:B r10c2:W
C2 r1c2:B r2c2:B r3c2:W r4c2:B r5c2:W r6c2:W r7c2:W r8c2:B r9c2:B r10c2:B
C2 r1c2:B r2c2:B r3c2:W r4c2:B r5c2:W r6c2:W r7c2:B r8c2:B r9c2:B r10c2:W
C2 r1c2:B r2c2:B r3c2:W r4c2:B r5c2:W r6c2:B r7c2:B r8c2:B r9c2:W r10c2:W
C3 r1c3:W r2c3:W r3c3:W r4c3:B r5c3:B r6c3:B r7c3:B r8c3:B r9c3:B r10c3:B
C3 r1c3:W r2c3:W r3c3:B r4c3:B r5c3:B r6c3:B r7c3:B r8c3:B r9c3:B r10c3:W
C3 r1c3:W r2c3:B r3c3:B r4c3:B r5c3:B r6c3:B r7c3:B r8c3:B r9c3:W r10c3:W
C3 r1c3:B r2c3:B r3c3:B r4c3:B r5c3:B r6c3:B r7c3:B r8c3:W r9c3:W r10c3:W
C4 r1c4:W r2c4:W r3c4:W r4c4:W r5c4:W r6c4:B r7c4:W r8c4:B r9c4:B r10c4:B
C4 r1c4:W r2c4:W r3c4:W r4c4:W r5c4:B r6c4:W r7c4:W r8c4:B r9c4:B r10c4:B
C4 r1c4:W r2c4:W r3c4:W r4c4:W r5c4:B r6c4:W r7c4:B r8c4:B r9c4:B r10c4:W
C4 r1c4:W r2c4:W r3c4:W r4c4:B r5c4:W r6c4:W r7c4:W r8c4:B r9c4:B r10c4:B
C4 r1c4:W r2c4:W r3c4:W r4c4:B r5c4:W r6c4:W r7c4:B r8c4:B r9c4:B r10c4:W
C4 r1c4:W r2c4:W r3c4:W r4c4:B r5c4:W r6c4:B r7c4:B r8c4:B r9c4:W r10c4:W
C4 r1c4:W r2c4:W r3c4:B r4c4:W r5c4:W r6c4:W r7c4:W r8c4:B r9c4:B r10c4:B
C4 r1c4:W r2c4:W r3c4:B r4c4:W r5c4:W r6c4:W r7c4:B r8c4:B r9c4:B r10c4:W
C4 r1c4:W r2c4:W r3c4:B r4c4:W r5c4:W r6c4:B r7c4:B r8c4:B r9c4:W r10c4:W
C4 r1c4:W r2c4:W r3c4:B r4c4:W r5c4:B r6c4:B r7c4:B r8c4:W r9c4:W r10c4:W
C4 r1c4:W r2c4:B r3c4:W r4c4:W r5c4:W r6c4:W r7c4:W r8c4:B r9c4:B r10c4:B
C4 r1c4:W r2c4:B r3c4:W r4c4:W r5c4:W r6c4:W r7c4:B r8c4:B r9c4:B r10c4:W
C4 r1c4:W r2c4:B r3c4:W r4c4:W r5c4:W r6c4:B r7c4:B r8c4:B r9c4:W r10c4:W
C4 r1c4:W r2c4:B r3c4:W r4c4:W r5c4:B r6c4:B r7c4:B r8c4:W r9c4:W r10c4:W
C4 r1c4:W r2c4:B r3c4:W r4c4:B r5c4:B r6c4:B r7c4:W r8c4:W r9c4:W r10c4:W
C4 r1c4:B r2c4:W r3c4:W r4c4:W r5c4:W r6c4:W r7c4:W r8c4:B r9c4:B r10c4:B
C4 r1c4:B r2c4:W r3c4:W r4c4:W r5c4:W r6c4:W r7c4:B r8c4:B r9c4:B r10c4:W
C4 r1c4:B r2c4:W r3c4:W r4c4:W r5c4:W r6c4:B r7c4:B r8c4:B r9c4:W r10c4:W
C4 r1c4:B r2c4:W r3c4:W r4c4:W r5c4:B r6c4:B r7c4:B r8c4:W r9c4:W r10c4:W
C4 r1c4:B r2c4:W r3c4:W r4c4:B r5c4:B r6c4:B r7c4:W r8c4:W r9c4:W r10c4:W
C4 r1c4:B r2c4:W r3c4:B r4c4:B r5c4:B r6c4:W r7c4:W r8c4:W r9c4:W r10c4:W
C5 r1c5:W r2c5:W r3c5:W r4c5:W r5c5:W r6c5:W r7c5:B r8c5:B r9c5:W r10c5:B
C5 r1c5:W r2c5:W r3c5:W r4c5:W r5c5:W r6c5:B r7c5:B r8c5:W r9c5:W r10c5:B
C5 r1c5:W r2c5:W r3c5:W r4c5:W r5c5:W r6c5:B r7c5:B r8c5:W r9c5:B r10c5:W
C5 r1c5:W r2c5:W r3c5:W r4c5:W r5c5:B r6c5:B r7c5:W r8c5:W r9c5:W r10c5:B
C5 r1c5:W r2c5:W r3c5:W r4c5:W r5c5:B r6c5:B r7c5:W r8c5:W r9c5:B r10c5:W
C5 r1c5:W r2c5:W r3c5:W r4c5:W r5c5:B r6c5:B r7c5:W r8c5:B r9c5:W r10c5:W
C5 r1c5:W r2c5:W r3c5:W r4c5:B r5c5:B r6c5:W r7c5:W r8c5:W r9c5:W r10c5:B
C5 r1c5:W r2c5:W r3c5:W r4c5:B r5c5:B r6c5:W r7c5:W r8c5:W r9c5:B r10c5:W
C5 r1c5:W r2c5:W r3c5:W r4c5:B r5c5:B r6c5:W r7c5:W r8c5:B r9c5:W r10c5:W
C5 r1c5:W r2c5:W r3c5:W r4c5:B r5c5:B r6c5:W r7c5:B r8c5:W r9c5:W r10c5:W
C5 r1c5:W r2c5:W r3c5:B r4c5:B r5c5:W r6c5:W r7c5:W r8c5:W r9c5:W r10c5:B
C5 r1c5:W r2c5:W r3c5:B r4c5:B r5c5:W r6c5:W r7c5:W r8c5:W r9c5:B r10c5:W
C5 r1c5:W r2c5:W r3c5:B r4c5:B r5c5:W r6c5:W r7c5:W r8c5:B r9c5:W r10c5:W
C5 r1c5:W r2c5:W r3c5:B r4c5:B r5c5:W r6c5:W r7c5:B r8c5:W r9c5:W r10c5:W
C5 r1c5:W r2c5:W r3c5:B r4c5:B r5c5:W r6c5:B r7c5:W r8c5:W r9c5:W r10c5:W
C5 r1c5:W r2c5:B r3c5:B r4c5:W r5c5:W r6c5:W r7c5:W r8c5:W r9c5:W r10c5:B
C5 r1c5:W r2c5:B r3c5:B r4c5:W r5c5:W r6c5:W r7c5:W r8c5:W r9c5:B r10c5:W
C5 r1c5:W r2c5:B r3c5:B r4c5:W r5c5:W r6c5:W r7c5:W r8c5:B r9c5:W r10c5:W
C5 r1c5:W r2c5:B r3c5:B r4c5:W r5c5:W r6c5:W r7c5:B r8c5:W r9c5:W r10c5:W
C5 r1c5:W r2c5:B r3c5:B r4c5:W r5c5:W r6c5:B r7c5:W r8c5:W r9c5:W r10c5:W
C5 r1c5:W r2c5:B r3c5:B r4c5:W r5c5:B r6c5:W r7c5:W r8c5:W r9c5:W r10c5:W
C5 r1c5:B r2c5:B r3c5:W r4c5:W r5c5:W r6c5:W r7c5:W r8c5:W r9c5:W r10c5:B
C5 r1c5:B r2c5:B r3c5:W r4c5:W r5c5:W r6c5:W r7c5:W r8c5:W r9c5:B r10c5:W
C5 r1c5:B r2c5:B r3c5:W r4c5:W r5c5:W r6c5:W r7c5:W r8c5:B r9c5:W r10c5:W
C5 r1c5:B r2c5:B r3c5:W r4c5:W r5c5:W r6c5:W r7c5:B r8c5:W r9c5:W r10c5:W
C5 r1c5:B r2c5:B r3c5:W r4c5:W r5c5:W r6c5:B r7c5:W r8c5:W r9c5:W r10c5:W
C5 r1c5:B r2c5:B r3c5:W r4c5:W r5c5:B r6c5:W r7c5:W r8c5:W r9c5:W r10c5:W
C5 r1c5:B r2c5:B r3c5:W r4c5:B r5c5:W r6c5:W r7c5:W r8c5:W r9c5:W r10c5:W
