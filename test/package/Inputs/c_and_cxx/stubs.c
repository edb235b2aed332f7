#include "stubs.h"

int stub_comm_size(void) { return 1; }
double stub_allreduce_sum(double local) { return local; }
