#ifndef DEFINITIONS_H_INCLUDED
#define DEFINITIONS_H_INCLUDED

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <limits.h>
#include <iostream>

// Usamos float para máximo rendimiento en GPU
typedef float type_data;
typedef unsigned long long TYPE_DATA;

#endif // DEFINITIONS_H_INCLUDED
