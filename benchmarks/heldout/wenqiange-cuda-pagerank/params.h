#pragma once
#define NB_NODES 4206784
#define LAMBDA 0.90
#define EPSILON 1e-6
#define MAX_ITER 100
#define ELEMS_TO_SHOW 10
#define GRAPH_FILE "enwiki-2013.txt"
#define MAP_FILE "enwiki-2013-names.csv"
