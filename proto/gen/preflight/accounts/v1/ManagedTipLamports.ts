// Original file: accounts.proto


export interface ManagedTipLamports {
  'lamports'?: (string);
}

export interface ManagedTipLamports__Output {
  'lamports': (string);
}
