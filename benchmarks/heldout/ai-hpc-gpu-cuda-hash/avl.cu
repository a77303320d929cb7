#include <iostream>
#include <vector>
#include <algorithm>
#include <cstdint>

// Node structure for AVL Tree
struct AVLNode {
    uint8_t hash[32];
    AVLNode* left;
    AVLNode* right;
    int height;
};

// Function to create a new AVL node
AVLNode* createNode(const uint8_t* hash) {
    AVLNode* node = new AVLNode();
    std::copy(hash, hash + 32, node->hash);
    node->left = node->right = nullptr;
    node->height = 1; // Initial height of a new node is 1
    return node;
}

// Function to get the height of the tree
int height(AVLNode* node) {
    return node ? node->height : 0;
}

// Function to get the balance factor of a node
int getBalance(AVLNode* node) {
    return node ? height(node->left) - height(node->right) : 0;
}

// Right rotate the subtree rooted with y
AVLNode* rightRotate(AVLNode* y) {
    AVLNode* x = y->left;
    AVLNode* T2 = x->right;

    // Perform rotation
    x->right = y;
    y->left = T2;

    // Update heights
    y->height = std::max(height(y->left), height(y->right)) + 1;
    x->height = std::max(height(x->left), height(x->right)) + 1;

    // Return new root
    return x;
}

// Left rotate the subtree rooted with x
AVLNode* leftRotate(AVLNode* x) {
    AVLNode* y = x->right;
    AVLNode* T2 = y->left;

    // Perform rotation
    y->left = x;
    x->right = T2;

    // Update heights
    x->height = std::max(height(x->left), height(x->right)) + 1;
    y->height = std::max(height(y->left), height(y->right)) + 1;

    // Return new root
    return y;
}

// AVL tree insertion logic
AVLNode* insert(AVLNode* node, const uint8_t* hash) {
    if (!node) return createNode(hash);

    if (std::lexicographical_compare(hash, hash + 32, node->hash, node->hash + 32)) {
        node->left = insert(node->left, hash);
    } else if (std::lexicographical_compare(node->hash, node->hash + 32, hash, hash + 32)) {
        node->right = insert(node->right, hash);
    } else {
        return node; // Duplicate hashes are not allowed
    }

    // Update height and balance the tree
    node->height = 1 + std::max(height(node->left), height(node->right));
    int balance = getBalance(node);

    // Perform rotations if necessary
    if (balance > 1 && std::lexicographical_compare(hash, hash + 32, node->left->hash, node->left->hash + 32)) {
        return rightRotate(node);
    }
    if (balance < -1 && std::lexicographical_compare(node->right->hash, node->right->hash + 32, hash, hash + 32)) {
        return leftRotate(node);
    }
    if (balance > 1 && std::lexicographical_compare(node->left->hash, node->left->hash + 32, hash, hash + 32)) {
        node->left = leftRotate(node->left);
        return rightRotate(node);
    }
    if (balance < -1 && std::lexicographical_compare(hash, hash + 32, node->right->hash, node->right->hash + 32)) {
        node->right = rightRotate(node->right);
        return leftRotate(node);
    }

    return node;
}

// In-order traversal to flatten the AVL tree
void inOrderTraversal(AVLNode* node, std::vector<std::vector<uint8_t>>& sortedHashes) {
    if (node) {
        inOrderTraversal(node->left, sortedHashes);
        sortedHashes.push_back(std::vector<uint8_t>(node->hash, node->hash + 32));
        inOrderTraversal(node->right, sortedHashes);
    }
}

// CUDA kernel for searching a hash in the sorted array
__global__ void searchKernel(const uint8_t* sortedHashes, int numHashes, const uint8_t* searchHash, bool* result) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;

    if (idx < numHashes) {
        bool match = true;
        for (int i = 0; i < 32; ++i) {
            if (sortedHashes[idx * 32 + i] != searchHash[i]) {
                match = false;
                break;
            }
        }
        if (match) {
            *result = true;
        }
    }
}

int main() {
    AVLNode* root = nullptr;
    std::vector<std::vector<uint8_t>> targetHashes = {
        // Example hashes (populate with actual SHA-256 hashes)
        {0x6a, 0x09, 0xe6, 0x67, 0xbb, 0x67, 0xae, 0x85, 0x3c, 0x6e, 0xf3, 0x72, 0xa5, 0x4f, 0xf5, 0x3a,
         0x51, 0x0e, 0x52, 0x7f, 0x9b, 0x05, 0x68, 0x8c, 0x1f, 0x83, 0xd9, 0xab, 0x5b, 0xe0, 0xcd, 0x19},
        // Add more hashes as needed
    };

    // Insert target hashes into the AVL tree
    for (const auto& hash : targetHashes) {
        root = insert(root, hash.data());
    }

    // Flatten the AVL tree into a sorted array
    std::vector<std::vector<uint8_t>> sortedHashes;
    inOrderTraversal(root, sortedHashes);

    // Allocate and copy sorted hashes to device
    uint8_t* d_sortedHashes;
    cudaMalloc(&d_sortedHashes, sortedHashes.size() * 32 * sizeof(uint8_t));
    for (size_t i = 0; i < sortedHashes.size(); ++i) {
        cudaMemcpy(d_sortedHashes + i * 32, sortedHashes[i].data(), 32 * sizeof(uint8_t), cudaMemcpyHostToDevice);
    }

    // Example SHA-256 result to check
    std::vector<uint8_t> sha256Result = {
        0x6a, 0x09, 0xe6, 0x67, 0xbb, 0x67, 0xae, 0x85, 0x3c, 0x6e, 0xf3, 0x72, 0xa5, 0x4f, 0xf5, 0x3a,
        0x51, 0x0e, 0x52, 0x7f, 0x9b, 0x05, 0x68, 0x8c, 0x1f, 0x83, 0xd9, 0xab, 0x5b, 0xe0, 0xcd, 0x19
    };

    // Allocate and copy search hash to device
    uint8_t* d_searchHash;
    cudaMalloc(&d_searchHash, 32 * sizeof(uint8_t));
    cudaMemcpy(d_searchHash, sha256Result.data(), 32 * sizeof(uint8_t), cudaMemcpyHostToDevice);

    // Launch kernel to search for the hash
    bool* d_result;
    bool h_result = false;
    cudaMalloc(&d_result, sizeof(bool));
    cudaMemcpy(d_result, &h_result, sizeof(bool), cudaMemcpyHostToDevice);

    int blockSize = 256;
    int numBlocks = (sortedHashes.size() + blockSize - 1) / blockSize;
    searchKernel<<<numBlocks, blockSize>>>(d_sortedHashes, sortedHashes.size(), d_searchHash, d_result);

    // Copy result back to host
    cudaMemcpy(&h_result, d_result, sizeof(bool), cudaMemcpyDeviceToHost);

    if (h_result) {
        std::cout << "Match found!" << std::endl;
    } else {
        std::cout << "No match found." << std::endl;
    }

    // Free device memory
    cudaFree(d_sortedHashes);
    cudaFree(d_searchHash);
    cudaFree(d_result);

    return 0;
}
