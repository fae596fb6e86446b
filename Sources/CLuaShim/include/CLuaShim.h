#ifndef PIECEBOX_CLUASHIM_H
#define PIECEBOX_CLUASHIM_H
#include <lua.h>
#endif
