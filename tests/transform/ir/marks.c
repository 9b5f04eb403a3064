/* marks.c: a function of 64 blocks or more also marks the groups of counters its blocks run in. */
#include <stdio.h>

static int pick(int k);

int main(void) {
    int x;
    scanf("%d", &x);
    return pick(x) & 1;
}

static int pick(int k) {
    switch (k) {
    case 0:
        return 1;
    case 1:
        return 4;
    case 2:
        return 7;
    case 3:
        return 10;
    case 4:
        return 13;
    case 5:
        return 16;
    case 6:
        return 19;
    case 7:
        return 22;
    case 8:
        return 25;
    case 9:
        return 28;
    case 10:
        return 31;
    case 11:
        return 34;
    case 12:
        return 37;
    case 13:
        return 40;
    case 14:
        return 43;
    case 15:
        return 46;
    case 16:
        return 49;
    case 17:
        return 52;
    case 18:
        return 55;
    case 19:
        return 58;
    case 20:
        return 61;
    case 21:
        return 64;
    case 22:
        return 67;
    case 23:
        return 70;
    case 24:
        return 73;
    case 25:
        return 76;
    case 26:
        return 79;
    case 27:
        return 82;
    case 28:
        return 85;
    case 29:
        return 88;
    case 30:
        return 91;
    case 31:
        return 94;
    case 32:
        return 97;
    case 33:
        return 100;
    case 34:
        return 103;
    case 35:
        return 106;
    case 36:
        return 109;
    case 37:
        return 112;
    case 38:
        return 115;
    case 39:
        return 118;
    case 40:
        return 121;
    case 41:
        return 124;
    case 42:
        return 127;
    case 43:
        return 130;
    case 44:
        return 133;
    case 45:
        return 136;
    case 46:
        return 139;
    case 47:
        return 142;
    case 48:
        return 145;
    case 49:
        return 148;
    case 50:
        return 151;
    case 51:
        return 154;
    case 52:
        return 157;
    case 53:
        return 160;
    case 54:
        return 163;
    case 55:
        return 166;
    case 56:
        return 169;
    case 57:
        return 172;
    case 58:
        return 175;
    case 59:
        return 178;
    case 60:
        return 181;
    case 61:
        return 184;
    case 62:
        return 187;
    case 63:
        return 190;
    case 64:
        return 193;
    case 65:
        return 196;
    case 66:
        return 199;
    case 67:
        return 202;
    case 68:
        return 205;
    case 69:
        return 208;
    default:
        return 0;
    }
}

// main, one block, marks nothing. pick's 73 blocks count in counters 1 to 73: the
// groups of eight wholly inside them, 1 (counters 8 to 15) to 8 (64 to 71), are
// marked, each block's mark built before its count; counters 1 to 7 and 72, 73
// share a group with another function or the end, and are read in full.
// CHECK-LABEL: define i32 @main()
// CHECK-NOT: @freqsys_marks
// CHECK-LABEL: define internal i32 @pick(
// CHECK-NOT: @freqsys_marks
// CHECK: sw.bb5:
// CHECK-NEXT: load i64, ptr getelementptr inbounds ([74 x i64], ptr @freqsys_counters, i64 0, i64 7)
// CHECK: sw.bb6:
// CHECK-NEXT: store i8 1, ptr getelementptr inbounds ([10 x i8], ptr @freqsys_marks, i64 0, i64 1)
// CHECK-NEXT: load i64, ptr getelementptr inbounds ([74 x i64], ptr @freqsys_counters, i64 0, i64 8)
// CHECK: sw.bb69:
// CHECK-NEXT: store i8 1, ptr getelementptr inbounds ([10 x i8], ptr @freqsys_marks, i64 0, i64 8)
// CHECK-NEXT: load i64, ptr getelementptr inbounds ([74 x i64], ptr @freqsys_counters, i64 0, i64 71)
// CHECK-NOT: @freqsys_marks
// CHECK: load i64, ptr getelementptr inbounds ([74 x i64], ptr @freqsys_counters, i64 0, i64 72)
// CHECK-NOT: @freqsys_marks
// CHECK: ret i32
