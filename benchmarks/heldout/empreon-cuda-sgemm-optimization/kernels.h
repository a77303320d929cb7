#ifndef KERNELS_H
#define KERNELS_H

// Kernel declarations

#endif // KERNELS_H