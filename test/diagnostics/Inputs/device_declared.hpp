#pragma once
// A declaration hpar cannot annotate: the definition is in device_declared.cpp.
double smooth(double v);
