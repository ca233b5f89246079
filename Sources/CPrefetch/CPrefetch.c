#include "CPrefetch.h"
