// Original file: accounts.proto


export interface NullableDouble {
  'value'?: (number | string);
  '_value'?: "value";
}

export interface NullableDouble__Output {
  'value'?: (number);
  '_value'?: "value";
}
