// Links with kernels.cu into an executable fixture.
int main() { return 0; }
