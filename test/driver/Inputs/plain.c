/* A C source given to hpar-c++: compiled as C, untranslated. */
int c_answer(void) { return 42; }
