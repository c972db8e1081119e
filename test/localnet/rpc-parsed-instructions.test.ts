// jsonParsed instructions for instruction bytes built by the programs' own clients, checked against
// what Agave's parsers answer (transaction-status parse_system.rs, parse_token.rs).
import {
  AccountRole,
  address,
  generateKeyPairSigner,
  getBase58Decoder,
  getCompiledTransactionMessageEncoder,
  isAddress,
  type Address,
  type Instruction,
} from '@solana/kit'
import {
  getAdvanceNonceAccountInstruction,
  getAllocateWithSeedInstruction,
  getAssignInstruction,
  getCreateAccountInstruction,
  getCreateAccountWithSeedInstruction,
  getTransferSolWithSeedInstruction,
  getWithdrawNonceAccountInstruction,
} from '@solana-program/system'
import {
  AuthorityType,
  getApproveCheckedInstruction,
  getBurnInstruction,
  getCloseAccountInstruction,
  getInitializeMint2Instruction,
  getInitializeMintInstruction,
  getInitializeMultisigInstruction,
  getMintToCheckedInstruction,
  getSetAuthorityInstruction,
  getSyncNativeInstruction,
  getTransferInstruction,
  getUiAmountToAmountInstruction,
} from '@solana-program/token'
import {
  getInitializeMintCloseAuthorityInstruction,
  getInitializePermanentDelegateInstruction,
  getInitializeTransferFeeConfigInstruction,
} from '@solana-program/token-2022'
import t from 'tap'
import { decodeLandedMessage, getLandedAccountKeys } from '../../localnet/chain/landed-message.js'
import { RESERVED_ACCOUNT_KEYS, toParsedAccountKeys } from '../../localnet/rpc/parsed/parsed-account-keys.js'
import { toUiInstruction } from '../../localnet/rpc/parsed/ui-instruction.js'

const base58 = getBase58Decoder()
const SYSTEM = '11111111111111111111111111111111'
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
const RENT_SYSVAR = 'SysvarRent111111111111111111111111111111111'
const RECENT_BLOCKHASHES_SYSVAR = 'SysvarRecentB1ockHashes11111111111111111111'

/** The instruction compiled against keys of its own: the program, then its accounts in order. */
function parse(instruction: Instruction, stackHeight: number | null = 1) {
  const keys: string[] = [instruction.programAddress]
  for (const account of instruction.accounts ?? []) if (!keys.includes(account.address)) keys.push(account.address)
  const compiled = {
    programIdIndex: 0,
    accounts: (instruction.accounts ?? []).map((account) => keys.indexOf(account.address)),
    data: new Uint8Array(instruction.data ?? new Uint8Array(0)),
  }
  return toUiInstruction(compiled, keys, stackHeight)
}

const newAddress = async () => (await generateKeyPairSigner()).address

t.test('System instructions', async (t) => {
  const [payer, account, owner, base, nonce, authority] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => generateKeyPairSigner()))
  t.same(
    parse(
      getCreateAccountInstruction({
        payer: payer!,
        newAccount: account!,
        lamports: 2_039_280n,
        space: 165n,
        programAddress: TOKEN as Address,
      }),
    ),
    {
      program: 'system',
      programId: SYSTEM,
      parsed: {
        info: { lamports: 2_039_280n, newAccount: account!.address, owner: TOKEN, source: payer!.address, space: 165n },
        type: 'createAccount',
      },
      stackHeight: 1,
    },
  )
  t.same(parse(getAssignInstruction({ account: account!, programAddress: owner!.address }), 2), {
    program: 'system',
    programId: SYSTEM,
    parsed: { info: { account: account!.address, owner: owner!.address }, type: 'assign' },
    stackHeight: 2,
  })
  const withSeed = parse(
    getCreateAccountWithSeedInstruction({
      payer: payer!,
      newAccount: account!.address,
      baseAccount: base!,
      base: base!.address,
      seed: 'vault',
      amount: 5n,
      space: 10n,
      programAddress: owner!.address,
    }),
  )
  t.same('parsed' in withSeed && withSeed.parsed, {
    info: {
      base: base!.address,
      lamports: 5n,
      newAccount: account!.address,
      owner: owner!.address,
      seed: 'vault',
      source: payer!.address,
      space: 10n,
    },
    type: 'createAccountWithSeed',
  })
  const withdraw = parse(
    getWithdrawNonceAccountInstruction({
      nonceAccount: nonce!.address,
      recipientAccount: payer!.address,
      nonceAuthority: authority!,
      withdrawAmount: 7n,
    }),
  )
  t.same('parsed' in withdraw && withdraw.parsed, {
    info: {
      destination: payer!.address,
      lamports: 7n,
      nonceAccount: nonce!.address,
      nonceAuthority: authority!.address,
      recentBlockhashesSysvar: RECENT_BLOCKHASHES_SYSVAR,
      rentSysvar: RENT_SYSVAR,
    },
    type: 'withdrawFromNonce',
  })
  const advance = parse(getAdvanceNonceAccountInstruction({ nonceAccount: nonce!.address, nonceAuthority: authority! }))
  t.equal('parsed' in advance && typeof advance.parsed === 'object' && advance.parsed.type, 'advanceNonce')
  const types = [
    getAllocateWithSeedInstruction({
      newAccount: account!.address,
      baseAccount: base!,
      base: base!.address,
      seed: 's',
      space: 1n,
      programAddress: owner!.address,
    }),
    getTransferSolWithSeedInstruction({
      source: account!.address,
      baseAccount: base!,
      destination: payer!.address,
      amount: 1n,
      fromSeed: 's',
      fromOwner: owner!.address,
    }),
  ].map((ix) => {
    const ui = parse(ix)
    return 'parsed' in ui && typeof ui.parsed === 'object' ? ui.parsed.type : undefined
  })
  t.same(types, ['allocateWithSeed', 'transferWithSeed'])
})

t.test('Token instructions: signers, multisig signers, authority types, checked amounts', async (t) => {
  const [mint, source, destination, owner, signerA, signerB, multisig] = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(newAddress))
  const ownerSigner = await generateKeyPairSigner()
  const [a, b] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()])
  const info = (ix: Instruction) => {
    const ui = parse(ix)
    if (!('parsed' in ui) || typeof ui.parsed !== 'object') throw new Error(`not parsed: ${JSON.stringify(ui)}`)
    t.equal(ui.program, 'spl-token')
    return ui.parsed
  }
  t.same(info(getTransferInstruction({ source: source!, destination: destination!, authority: ownerSigner, amount: 9n })), {
    info: { amount: '9', authority: ownerSigner.address, destination, source },
    type: 'transfer',
  })
  t.same(
    info(getTransferInstruction({ source: source!, destination: destination!, authority: multisig!, amount: 9n, multiSigners: [a, b] })),
    { info: { amount: '9', destination, multisigAuthority: multisig, signers: [a.address, b.address], source }, type: 'transfer' },
    'a multisig owner and its signers',
  )
  t.same(info(getInitializeMintInstruction({ mint: mint!, decimals: 6, mintAuthority: owner!, freezeAuthority: signerA! })), {
    info: { decimals: 6, freezeAuthority: signerA, mint, mintAuthority: owner, rentSysvar: RENT_SYSVAR },
    type: 'initializeMint',
  })
  t.same(info(getInitializeMint2Instruction({ mint: mint!, decimals: 0, mintAuthority: owner! })), {
    info: { decimals: 0, mint, mintAuthority: owner },
    type: 'initializeMint2',
  })
  t.same(info(getInitializeMultisigInstruction({ multisig: multisig!, m: 2, signers: [signerA!, signerB!] })), {
    info: { m: 2, multisig, rentSysvar: RENT_SYSVAR, signers: [signerA, signerB] },
    type: 'initializeMultisig',
  })
  t.same(
    info(getSetAuthorityInstruction({ owned: mint!, owner: ownerSigner, authorityType: AuthorityType.MintTokens, newAuthority: null })),
    { info: { authority: ownerSigner.address, authorityType: 'mintTokens', mint, newAuthority: null }, type: 'setAuthority' },
  )
  t.same(
    info(
      getSetAuthorityInstruction({ owned: source!, owner: ownerSigner, authorityType: AuthorityType.AccountOwner, newAuthority: owner! }),
    ),
    { info: { account: source, authority: ownerSigner.address, authorityType: 'accountOwner', newAuthority: owner }, type: 'setAuthority' },
  )
  t.same(
    info(getApproveCheckedInstruction({ source: source!, mint: mint!, delegate: owner!, owner: ownerSigner, amount: 1234n, decimals: 3 })),
    {
      info: {
        delegate: owner,
        mint,
        owner: ownerSigner.address,
        source,
        tokenAmount: { amount: '1234', decimals: 3, uiAmount: 1.234, uiAmountString: '1.234' },
      },
      type: 'approveChecked',
    },
  )
  t.same(info(getMintToCheckedInstruction({ mint: mint!, token: destination!, mintAuthority: ownerSigner, amount: 10n, decimals: 0 })), {
    info: {
      account: destination,
      mint,
      mintAuthority: ownerSigner.address,
      tokenAmount: { amount: '10', decimals: 0, uiAmount: 10, uiAmountString: '10' },
    },
    type: 'mintToChecked',
  })
  t.same(info(getBurnInstruction({ account: source!, mint: mint!, authority: ownerSigner, amount: 3n })), {
    info: { account: source, amount: '3', authority: ownerSigner.address, mint },
    type: 'burn',
  })
  t.same(info(getCloseAccountInstruction({ account: source!, destination: destination!, owner: ownerSigner })), {
    info: { account: source, destination, owner: ownerSigner.address },
    type: 'closeAccount',
  })
  t.same(info(getSyncNativeInstruction({ account: source! })), { info: { account: source }, type: 'syncNative' })
  t.same(info(getUiAmountToAmountInstruction({ mint: mint!, uiAmount: '1.5' })), {
    info: { mint, uiAmount: '1.5' },
    type: 'uiAmountToAmount',
  })
  const dataSize = parse({
    programAddress: TOKEN as Address,
    accounts: [{ address: mint!, role: AccountRole.READONLY }],
    data: new Uint8Array([21, 7, 0, 3, 0]),
  })
  t.same('parsed' in dataSize && dataSize.parsed, {
    info: { extensionTypes: ['immutableOwner', 'mintCloseAuthority'], mint },
    type: 'getAccountDataSize',
  })
})

t.test('Token-2022 base extensions parse; extension families and short or unknown data answer partially decoded', async (t) => {
  const [mint, delegate, destination] = await Promise.all([1, 2, 3].map(newAddress))
  const closeAuthority = parse(getInitializeMintCloseAuthorityInstruction({ mint: mint!, closeAuthority: null }))
  t.same(closeAuthority, {
    program: 'spl-token',
    programId: TOKEN_2022,
    parsed: { info: { mint, newAuthority: null }, type: 'initializeMintCloseAuthority' },
    stackHeight: 1,
  })
  const permanent = parse(getInitializePermanentDelegateInstruction({ mint: mint!, delegate: delegate! }))
  t.same('parsed' in permanent && permanent.parsed, { info: { delegate, mint }, type: 'initializePermanentDelegate' })

  const feeConfig = getInitializeTransferFeeConfigInstruction({
    mint: mint!,
    transferFeeConfigAuthority: null,
    withdrawWithheldAuthority: null,
    transferFeeBasisPoints: 10,
    maximumFee: 5n,
  })
  t.same(parse(feeConfig), {
    programId: TOKEN_2022,
    accounts: [mint],
    data: base58.decode(new Uint8Array(feeConfig.data)),
    stackHeight: 1,
  })
  const shortTransfer: Instruction = {
    programAddress: TOKEN as Address,
    accounts: [
      { address: mint!, role: AccountRole.WRITABLE },
      { address: destination!, role: AccountRole.WRITABLE },
    ],
    data: new Uint8Array([3, 1, 0, 0, 0, 0, 0, 0, 0]),
  }
  t.notOk('parsed' in parse(shortTransfer), 'a transfer with two accounts (it needs three)')
  t.notOk('parsed' in parse({ ...shortTransfer, data: new Uint8Array([3, 1]) }), 'an amount cut short')
  t.notOk('parsed' in parse({ programAddress: TOKEN as Address, data: new Uint8Array([17]) }), 'no accounts at all')
  const memo = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
  t.same(parse({ programAddress: memo, data: new TextEncoder().encode('gm') }), {
    program: 'spl-memo',
    programId: memo,
    parsed: 'gm',
    stackHeight: 1,
  })
  t.same(parse({ programAddress: memo, data: new Uint8Array([0xff, 0xfe]) }), {
    programId: memo,
    accounts: [],
    data: base58.decode(new Uint8Array([0xff, 0xfe])),
    stackHeight: 1,
  })
  const computeBudget = address('ComputeBudget111111111111111111111111111111')
  t.same(parse({ programAddress: computeBudget, data: new Uint8Array([3, 1, 0, 0, 0, 0, 0, 0, 0]) }, null), {
    programId: computeBudget,
    accounts: [],
    data: base58.decode(new Uint8Array([3, 1, 0, 0, 0, 0, 0, 0, 0])),
    stackHeight: null,
  })
})

t.test('parsed account keys: reserved keys and called programs are not writable, unless the upgradeable loader is there', async (t) => {
  const payer = await newAddress()
  const [program, other] = await Promise.all([newAddress(), newAddress()])
  const clock = address('SysvarC1ock11111111111111111111111111111111')
  const upgradeableLoader = address('BPFLoaderUpgradeab1e11111111111111111111111')
  // kit refuses to compile a writable program, which the runtime merely demotes: the message is
  // written with kit's message codec instead, every key writable but the last.
  const accountsOf = (extra: Address[]) => {
    const staticAccounts = [payer, clock, program, ...extra, other]
    const messageBytes = getCompiledTransactionMessageEncoder().encode({
      version: 'legacy',
      header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 1 },
      staticAccounts,
      lifetimeToken: '11111111111111111111111111111111',
      instructions: [
        { programAddressIndex: 2, accountIndices: [1] },
        { programAddressIndex: staticAccounts.length - 1, accountIndices: [2] },
      ],
    })
    const bytes = new Uint8Array([1, ...new Uint8Array(64), ...messageBytes])
    const message = decodeLandedMessage(bytes, () => undefined)
    const parsed = toParsedAccountKeys(message, getLandedAccountKeys(message))
    return (key: string) => parsed.find((entry) => entry.pubkey === key)
  }
  let key = accountsOf([])
  t.same(key(payer), { pubkey: payer, writable: true, signer: true, source: 'transaction' })
  t.same(key(clock), { pubkey: clock, writable: false, signer: false, source: 'transaction' }, 'a sysvar is reserved')
  t.equal(key(program)!.writable, false, 'a called program is demoted')
  t.equal(key(other)!.writable, false, 'a read-only key stays read-only')
  key = accountsOf([upgradeableLoader])
  t.equal(key(program)!.writable, true, 'with the upgradeable loader among the keys a called program keeps its lock')
  t.equal(key(upgradeableLoader)!.writable, false, 'the loader itself is reserved')
})

t.test('the reserved account keys are real addresses', async (t) => {
  t.equal(RESERVED_ACCOUNT_KEYS.size, 31)
  t.ok([...RESERVED_ACCOUNT_KEYS].every((key) => isAddress(key)))
})
