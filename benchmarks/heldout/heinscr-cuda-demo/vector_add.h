#pragma once

#include <vector>

void host_vector_add(const std::vector<float>& A, const std::vector<float>& B, std::vector<float>& C);
