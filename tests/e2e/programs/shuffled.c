/* shuffled.c: a program whose global array holds a drawn order of 0 .. 7. */
short order[8];

int main(void) {
    int seen[8] = {0}, score = 0;
    for (int i = 0; i < 8; i++) {
        if (order[i] < 0 || order[i] >= 8 || seen[order[i]])
            return 1;
        seen[order[i]] = 1;
        if (order[i] == i)
            score++;
        if (i > 0 && order[i] < order[i - 1])
            score += 2;
    }
    return score > 100;
}
