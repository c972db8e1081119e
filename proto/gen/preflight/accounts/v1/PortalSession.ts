// Original file: accounts.proto


export interface PortalSession {
  'portal_url'?: (string);
}

export interface PortalSession__Output {
  'portal_url': (string);
}
