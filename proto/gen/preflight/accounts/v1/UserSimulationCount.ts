// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface UserSimulationCount {
  'user_id'?: (string);
  'simulations'?: (number | string | Long);
}

export interface UserSimulationCount__Output {
  'user_id': (string);
  'simulations': (number);
}
