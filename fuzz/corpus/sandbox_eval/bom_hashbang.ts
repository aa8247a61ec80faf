#!/usr/bin/env node
return 2