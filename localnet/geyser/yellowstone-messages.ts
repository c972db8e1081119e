/** The Yellowstone message codecs (ts-proto) of `@triton-one/yellowstone-grpc` that localnet's geyser server uses. */
import type * as Geyser from '@triton-one/yellowstone-grpc'
import { yellowstone as geyser } from '../../lib/yellowstone.js'

export type CommitmentLevel = Geyser.CommitmentLevel
export type SlotStatus = Geyser.SlotStatus

export type SubscribeRequest = Geyser.SubscribeRequest
export type SubscribeRequestFilterTransactions = Geyser.SubscribeRequestFilterTransactions
export type SubscribeUpdate = Geyser.SubscribeUpdate
export type {
  SubscribeRequestFilterAccountsFilter,
  SubscribeUpdateAccountInfo,
  SubscribeUpdateTransactionInfo,
} from '@triton-one/yellowstone-grpc'

export const {
  CommitmentLevel,
  SlotStatus,
  GetBlockHeightRequest,
  GetBlockHeightResponse,
  GetLatestBlockhashRequest,
  GetLatestBlockhashResponse,
  GetSlotRequest,
  GetSlotResponse,
  GetVersionRequest,
  GetVersionResponse,
  IsBlockhashValidRequest,
  IsBlockhashValidResponse,
  PingRequest,
  PongResponse,
  SubscribeReplayInfoRequest,
  SubscribeReplayInfoResponse,
  SubscribeRequest,
  SubscribeRequest_AccountsEntry,
  SubscribeRequest_BlocksEntry,
  SubscribeRequest_BlocksMetaEntry,
  SubscribeRequest_EntryEntry,
  SubscribeRequest_SlotsEntry,
  SubscribeRequest_TransactionsEntry,
  SubscribeRequest_TransactionsStatusEntry,
  SubscribeRequestFilterAccounts,
  SubscribeRequestFilterBlocks,
  SubscribeRequestFilterBlocksMeta,
  SubscribeRequestFilterEntry,
  SubscribeRequestFilterSlots,
  SubscribeRequestFilterTransactions,
  SubscribeUpdate,
} = geyser
