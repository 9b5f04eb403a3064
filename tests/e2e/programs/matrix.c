/* matrix.c: a program reading a global matrix, drawn whole. */
int m[3][4];

int main(void) {
    int above = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            if (m[i][j] > j)
                above++;
    return above;
}
