/** The SDK's release (its package.json version; a test keeps the two equal). */
export const SDK_VERSION = '0.1.0'
