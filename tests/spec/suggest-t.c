/* tests/spec/suggest-t.c: tests of the edit-distance suggester. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "suggest.h"

int main(void) {
    static const char *const words[] = {"uniform", "uniform_int", "normal", "epsilon", "arg", NULL};
    plan(22);
    is_int((long long)suggest_distance("", ""), 0, "distance of two empty words is 0");
    is_int((long long)suggest_distance("abc", ""), 3, "distance to the empty word is the length");
    is_int((long long)suggest_distance("kitten", "sitting"), 3, "kitten to sitting is 3");
    is_int((long long)suggest_distance("unifrom", "uniform"), 2, "a swap costs 2");
    is_int((long long)suggest_distance("flaw", "lawn"), 2, "flaw to lawn is 2");
    is_string(suggest_closest("unifrom", words), "uniform", "unifrom suggests uniform");
    is_string(suggest_closest("epsilom", words), "epsilon", "epsilom suggests epsilon");
    is_string(suggest_closest("uniform_in", words), "uniform_int", "a dropped letter is found");
    is_string(suggest_closest("normal", words), "normal", "an exact match is returned");
    is_string(suggest_closest("nromal", words), "normal", "nromal (2 of 6) suggests normal");
    ok(suggest_closest("nrmol", words) == NULL, "nrmol (3 of 5) is too far");
    is_string(suggest_closest("ag", words), "arg", "a short word allows 1 edit");
    ok(suggest_closest("xy", words) == NULL, "a short word allows no more than 1 edit");
    ok(suggest_closest("anything", NULL) == NULL, "no candidates, no suggestion");
    static const char *const tie[] = {"cat", "bat", NULL};
    is_string(suggest_closest("hat", tie), "cat", "ties go to the earlier candidate");
    char longword[200];
    memset(longword, 'a', sizeof longword - 1);
    longword[sizeof longword - 1] = '\0';
    is_int((long long)suggest_distance(longword, longword + 100), 100, "long words are measured too");

    /* Typed words: a swap of neighbours is one slip. */
    is_int((long long)suggest_distance_swaps("unifrom", "uniform"), 1, "with swaps, a swap costs 1");
    is_int((long long)suggest_distance_swaps("kitten", "sitting"), 3, "...and kitten to sitting is still 3");
    is_int((long long)suggest_distance_swaps("ca", "abc"), 3,
           "...no substring is edited twice (ca to abc is 3)");
    static const char *const commands[] = {"run", "check", "draw", "help", NULL};
    is_string(suggest_closest_typed("rnu", commands), "run", "rnu suggests run");
    is_string(suggest_closest_typed("hlep", commands), "help", "hlep suggests help");
    ok(suggest_closest_typed("nosuch", commands) == NULL, "nosuch suggests nothing");

    return done();
}
