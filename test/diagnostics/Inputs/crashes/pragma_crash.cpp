// Makes clang crash on purpose (a debugging pragma of clang): the stand-in for any crash of clang
// or of the translator while a file is processed (crash_recovery.test).
#include <hpar/hpar.hpp>
#pragma clang __debug crash
int main() {}
