#pragma once
#include <vector>

void do_shuffle(double *databuf, double *vec_data, int* indexbuf, int n);
