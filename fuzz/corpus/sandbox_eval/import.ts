import * as s from './servers/s';
import { x } from './skills/none';
x