import '../../audience/audience.css';
import './messenger.css';
import { ConversationInfoScreen } from './ConversationInfoScreen';
import { NewGroupScreen } from './NewGroupScreen';

/** The group form (`/messenger/groups/new`) and a conversation's details (`/messenger/:conversation/info`), in one chunk. */
export const newGroupRoute = { Component: NewGroupScreen };
export const infoRoute = { Component: ConversationInfoScreen };
