/* Stand-ins for the MPI calls of a one-rank run, in C (as miniMD's MPI stubs are). */
#ifndef STUBS_H
#define STUBS_H
#ifdef __cplusplus
extern "C" {
#endif
int stub_comm_size(void);
double stub_allreduce_sum(double local);
#ifdef __cplusplus
}
#endif
#endif
