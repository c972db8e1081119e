import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ApprovalsResponse as _preflight_engine_v1_ApprovalsResponse, ApprovalsResponse__Output as _preflight_engine_v1_ApprovalsResponse__Output } from './preflight/engine/v1/ApprovalsResponse';
import type { BalanceChange as _preflight_engine_v1_BalanceChange, BalanceChange__Output as _preflight_engine_v1_BalanceChange__Output } from './preflight/engine/v1/BalanceChange';
import type { BlacklistedProgram as _preflight_engine_v1_BlacklistedProgram, BlacklistedProgram__Output as _preflight_engine_v1_BlacklistedProgram__Output } from './preflight/engine/v1/BlacklistedProgram';
import type { BundleLintEntry as _preflight_engine_v1_BundleLintEntry, BundleLintEntry__Output as _preflight_engine_v1_BundleLintEntry__Output } from './preflight/engine/v1/BundleLintEntry';
import type { CallNode as _preflight_engine_v1_CallNode, CallNode__Output as _preflight_engine_v1_CallNode__Output } from './preflight/engine/v1/CallNode';
import type { DecisionReason as _preflight_engine_v1_DecisionReason, DecisionReason__Output as _preflight_engine_v1_DecisionReason__Output } from './preflight/engine/v1/DecisionReason';
import type { DexProgram as _preflight_engine_v1_DexProgram, DexProgram__Output as _preflight_engine_v1_DexProgram__Output } from './preflight/engine/v1/DexProgram';
import type { EngineClient as _preflight_engine_v1_EngineClient, EngineDefinition as _preflight_engine_v1_EngineDefinition } from './preflight/engine/v1/Engine';
import type { ExecuteRequest as _preflight_engine_v1_ExecuteRequest, ExecuteRequest__Output as _preflight_engine_v1_ExecuteRequest__Output } from './preflight/engine/v1/ExecuteRequest';
import type { ExecuteResponse as _preflight_engine_v1_ExecuteResponse, ExecuteResponse__Output as _preflight_engine_v1_ExecuteResponse__Output } from './preflight/engine/v1/ExecuteResponse';
import type { Extractable as _preflight_engine_v1_Extractable, Extractable__Output as _preflight_engine_v1_Extractable__Output } from './preflight/engine/v1/Extractable';
import type { FeeDetails as _preflight_engine_v1_FeeDetails, FeeDetails__Output as _preflight_engine_v1_FeeDetails__Output } from './preflight/engine/v1/FeeDetails';
import type { GetTipsRequest as _preflight_engine_v1_GetTipsRequest, GetTipsRequest__Output as _preflight_engine_v1_GetTipsRequest__Output } from './preflight/engine/v1/GetTipsRequest';
import type { GetTransactionRequest as _preflight_engine_v1_GetTransactionRequest, GetTransactionRequest__Output as _preflight_engine_v1_GetTransactionRequest__Output } from './preflight/engine/v1/GetTransactionRequest';
import type { GeyserEndpointHealth as _preflight_engine_v1_GeyserEndpointHealth, GeyserEndpointHealth__Output as _preflight_engine_v1_GeyserEndpointHealth__Output } from './preflight/engine/v1/GeyserEndpointHealth';
import type { GeyserHealth as _preflight_engine_v1_GeyserHealth, GeyserHealth__Output as _preflight_engine_v1_GeyserHealth__Output } from './preflight/engine/v1/GeyserHealth';
import type { HealthRequest as _preflight_engine_v1_HealthRequest, HealthRequest__Output as _preflight_engine_v1_HealthRequest__Output } from './preflight/engine/v1/HealthRequest';
import type { HealthResponse as _preflight_engine_v1_HealthResponse, HealthResponse__Output as _preflight_engine_v1_HealthResponse__Output } from './preflight/engine/v1/HealthResponse';
import type { LandingEstimate as _preflight_engine_v1_LandingEstimate, LandingEstimate__Output as _preflight_engine_v1_LandingEstimate__Output } from './preflight/engine/v1/LandingEstimate';
import type { Mev as _preflight_engine_v1_Mev, Mev__Output as _preflight_engine_v1_Mev__Output } from './preflight/engine/v1/Mev';
import type { MevFactors as _preflight_engine_v1_MevFactors, MevFactors__Output as _preflight_engine_v1_MevFactors__Output } from './preflight/engine/v1/MevFactors';
import type { Outcome as _preflight_engine_v1_Outcome, Outcome__Output as _preflight_engine_v1_Outcome__Output } from './preflight/engine/v1/Outcome';
import type { OutcomeDifference as _preflight_engine_v1_OutcomeDifference, OutcomeDifference__Output as _preflight_engine_v1_OutcomeDifference__Output } from './preflight/engine/v1/OutcomeDifference';
import type { PredictedBalanceChange as _preflight_engine_v1_PredictedBalanceChange, PredictedBalanceChange__Output as _preflight_engine_v1_PredictedBalanceChange__Output } from './preflight/engine/v1/PredictedBalanceChange';
import type { Prediction as _preflight_engine_v1_Prediction, Prediction__Output as _preflight_engine_v1_Prediction__Output } from './preflight/engine/v1/Prediction';
import type { PriorityFees as _preflight_engine_v1_PriorityFees, PriorityFees__Output as _preflight_engine_v1_PriorityFees__Output } from './preflight/engine/v1/PriorityFees';
import type { ProgramUsage as _preflight_engine_v1_ProgramUsage, ProgramUsage__Output as _preflight_engine_v1_ProgramUsage__Output } from './preflight/engine/v1/ProgramUsage';
import type { Recommendation as _preflight_engine_v1_Recommendation, Recommendation__Output as _preflight_engine_v1_Recommendation__Output } from './preflight/engine/v1/Recommendation';
import type { Risk as _preflight_engine_v1_Risk, Risk__Output as _preflight_engine_v1_Risk__Output } from './preflight/engine/v1/Risk';
import type { RiskFinding as _preflight_engine_v1_RiskFinding, RiskFinding__Output as _preflight_engine_v1_RiskFinding__Output } from './preflight/engine/v1/RiskFinding';
import type { ScanApprovalsRequest as _preflight_engine_v1_ScanApprovalsRequest, ScanApprovalsRequest__Output as _preflight_engine_v1_ScanApprovalsRequest__Output } from './preflight/engine/v1/ScanApprovalsRequest';
import type { SendRequest as _preflight_engine_v1_SendRequest, SendRequest__Output as _preflight_engine_v1_SendRequest__Output } from './preflight/engine/v1/SendRequest';
import type { SendResponse as _preflight_engine_v1_SendResponse, SendResponse__Output as _preflight_engine_v1_SendResponse__Output } from './preflight/engine/v1/SendResponse';
import type { SignerSummary as _preflight_engine_v1_SignerSummary, SignerSummary__Output as _preflight_engine_v1_SignerSummary__Output } from './preflight/engine/v1/SignerSummary';
import type { SimulateRequest as _preflight_engine_v1_SimulateRequest, SimulateRequest__Output as _preflight_engine_v1_SimulateRequest__Output } from './preflight/engine/v1/SimulateRequest';
import type { SimulateResponse as _preflight_engine_v1_SimulateResponse, SimulateResponse__Output as _preflight_engine_v1_SimulateResponse__Output } from './preflight/engine/v1/SimulateResponse';
import type { Slippage as _preflight_engine_v1_Slippage, Slippage__Output as _preflight_engine_v1_Slippage__Output } from './preflight/engine/v1/Slippage';
import type { SubmitRequest as _preflight_engine_v1_SubmitRequest, SubmitRequest__Output as _preflight_engine_v1_SubmitRequest__Output } from './preflight/engine/v1/SubmitRequest';
import type { SubmitResponse as _preflight_engine_v1_SubmitResponse, SubmitResponse__Output as _preflight_engine_v1_SubmitResponse__Output } from './preflight/engine/v1/SubmitResponse';
import type { TipFloor as _preflight_engine_v1_TipFloor, TipFloor__Output as _preflight_engine_v1_TipFloor__Output } from './preflight/engine/v1/TipFloor';
import type { TokenApproval as _preflight_engine_v1_TokenApproval, TokenApproval__Output as _preflight_engine_v1_TokenApproval__Output } from './preflight/engine/v1/TokenApproval';
import type { TokenRisk as _preflight_engine_v1_TokenRisk, TokenRisk__Output as _preflight_engine_v1_TokenRisk__Output } from './preflight/engine/v1/TokenRisk';
import type { TrackedTransaction as _preflight_engine_v1_TrackedTransaction, TrackedTransaction__Output as _preflight_engine_v1_TrackedTransaction__Output } from './preflight/engine/v1/TrackedTransaction';
import type { WatchEvent as _preflight_engine_v1_WatchEvent, WatchEvent__Output as _preflight_engine_v1_WatchEvent__Output } from './preflight/engine/v1/WatchEvent';
import type { WorkersHealth as _preflight_engine_v1_WorkersHealth, WorkersHealth__Output as _preflight_engine_v1_WorkersHealth__Output } from './preflight/engine/v1/WorkersHealth';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  preflight: {
    engine: {
      v1: {
        ApprovalsResponse: MessageTypeDefinition<_preflight_engine_v1_ApprovalsResponse, _preflight_engine_v1_ApprovalsResponse__Output>
        BalanceChange: MessageTypeDefinition<_preflight_engine_v1_BalanceChange, _preflight_engine_v1_BalanceChange__Output>
        BlacklistedProgram: MessageTypeDefinition<_preflight_engine_v1_BlacklistedProgram, _preflight_engine_v1_BlacklistedProgram__Output>
        BundleLintEntry: MessageTypeDefinition<_preflight_engine_v1_BundleLintEntry, _preflight_engine_v1_BundleLintEntry__Output>
        CallNode: MessageTypeDefinition<_preflight_engine_v1_CallNode, _preflight_engine_v1_CallNode__Output>
        DecisionReason: MessageTypeDefinition<_preflight_engine_v1_DecisionReason, _preflight_engine_v1_DecisionReason__Output>
        DexProgram: MessageTypeDefinition<_preflight_engine_v1_DexProgram, _preflight_engine_v1_DexProgram__Output>
        Engine: SubtypeConstructor<typeof grpc.Client, _preflight_engine_v1_EngineClient> & { service: _preflight_engine_v1_EngineDefinition }
        ExecuteRequest: MessageTypeDefinition<_preflight_engine_v1_ExecuteRequest, _preflight_engine_v1_ExecuteRequest__Output>
        ExecuteResponse: MessageTypeDefinition<_preflight_engine_v1_ExecuteResponse, _preflight_engine_v1_ExecuteResponse__Output>
        Extractable: MessageTypeDefinition<_preflight_engine_v1_Extractable, _preflight_engine_v1_Extractable__Output>
        FeeDetails: MessageTypeDefinition<_preflight_engine_v1_FeeDetails, _preflight_engine_v1_FeeDetails__Output>
        GetTipsRequest: MessageTypeDefinition<_preflight_engine_v1_GetTipsRequest, _preflight_engine_v1_GetTipsRequest__Output>
        GetTransactionRequest: MessageTypeDefinition<_preflight_engine_v1_GetTransactionRequest, _preflight_engine_v1_GetTransactionRequest__Output>
        GeyserEndpointHealth: MessageTypeDefinition<_preflight_engine_v1_GeyserEndpointHealth, _preflight_engine_v1_GeyserEndpointHealth__Output>
        GeyserHealth: MessageTypeDefinition<_preflight_engine_v1_GeyserHealth, _preflight_engine_v1_GeyserHealth__Output>
        HealthRequest: MessageTypeDefinition<_preflight_engine_v1_HealthRequest, _preflight_engine_v1_HealthRequest__Output>
        HealthResponse: MessageTypeDefinition<_preflight_engine_v1_HealthResponse, _preflight_engine_v1_HealthResponse__Output>
        LandingEstimate: MessageTypeDefinition<_preflight_engine_v1_LandingEstimate, _preflight_engine_v1_LandingEstimate__Output>
        Mev: MessageTypeDefinition<_preflight_engine_v1_Mev, _preflight_engine_v1_Mev__Output>
        MevFactors: MessageTypeDefinition<_preflight_engine_v1_MevFactors, _preflight_engine_v1_MevFactors__Output>
        Outcome: MessageTypeDefinition<_preflight_engine_v1_Outcome, _preflight_engine_v1_Outcome__Output>
        OutcomeDifference: MessageTypeDefinition<_preflight_engine_v1_OutcomeDifference, _preflight_engine_v1_OutcomeDifference__Output>
        PredictedBalanceChange: MessageTypeDefinition<_preflight_engine_v1_PredictedBalanceChange, _preflight_engine_v1_PredictedBalanceChange__Output>
        Prediction: MessageTypeDefinition<_preflight_engine_v1_Prediction, _preflight_engine_v1_Prediction__Output>
        PriorityFees: MessageTypeDefinition<_preflight_engine_v1_PriorityFees, _preflight_engine_v1_PriorityFees__Output>
        ProgramUsage: MessageTypeDefinition<_preflight_engine_v1_ProgramUsage, _preflight_engine_v1_ProgramUsage__Output>
        Recommendation: MessageTypeDefinition<_preflight_engine_v1_Recommendation, _preflight_engine_v1_Recommendation__Output>
        Risk: MessageTypeDefinition<_preflight_engine_v1_Risk, _preflight_engine_v1_Risk__Output>
        RiskFinding: MessageTypeDefinition<_preflight_engine_v1_RiskFinding, _preflight_engine_v1_RiskFinding__Output>
        ScanApprovalsRequest: MessageTypeDefinition<_preflight_engine_v1_ScanApprovalsRequest, _preflight_engine_v1_ScanApprovalsRequest__Output>
        SendRequest: MessageTypeDefinition<_preflight_engine_v1_SendRequest, _preflight_engine_v1_SendRequest__Output>
        SendResponse: MessageTypeDefinition<_preflight_engine_v1_SendResponse, _preflight_engine_v1_SendResponse__Output>
        SignerSummary: MessageTypeDefinition<_preflight_engine_v1_SignerSummary, _preflight_engine_v1_SignerSummary__Output>
        SimulateRequest: MessageTypeDefinition<_preflight_engine_v1_SimulateRequest, _preflight_engine_v1_SimulateRequest__Output>
        SimulateResponse: MessageTypeDefinition<_preflight_engine_v1_SimulateResponse, _preflight_engine_v1_SimulateResponse__Output>
        Slippage: MessageTypeDefinition<_preflight_engine_v1_Slippage, _preflight_engine_v1_Slippage__Output>
        SubmitRequest: MessageTypeDefinition<_preflight_engine_v1_SubmitRequest, _preflight_engine_v1_SubmitRequest__Output>
        SubmitResponse: MessageTypeDefinition<_preflight_engine_v1_SubmitResponse, _preflight_engine_v1_SubmitResponse__Output>
        TipFloor: MessageTypeDefinition<_preflight_engine_v1_TipFloor, _preflight_engine_v1_TipFloor__Output>
        TokenApproval: MessageTypeDefinition<_preflight_engine_v1_TokenApproval, _preflight_engine_v1_TokenApproval__Output>
        TokenRisk: MessageTypeDefinition<_preflight_engine_v1_TokenRisk, _preflight_engine_v1_TokenRisk__Output>
        TrackedTransaction: MessageTypeDefinition<_preflight_engine_v1_TrackedTransaction, _preflight_engine_v1_TrackedTransaction__Output>
        WatchEvent: MessageTypeDefinition<_preflight_engine_v1_WatchEvent, _preflight_engine_v1_WatchEvent__Output>
        WorkersHealth: MessageTypeDefinition<_preflight_engine_v1_WorkersHealth, _preflight_engine_v1_WorkersHealth__Output>
      }
    }
  }
}

